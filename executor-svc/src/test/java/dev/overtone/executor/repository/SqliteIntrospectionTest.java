package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteConfig;

/** What Describe tells of a real SQLite file: tables and views, keys, nullability, row counts and sample values. */
class SqliteIntrospectionTest {
    private Connection connection;

    @BeforeEach
    void open() throws SQLException {
        connection = new SQLiteConfig().createConnection("jdbc:sqlite::memory:");
        try (Statement st = connection.createStatement()) {
            st.execute("CREATE TABLE rooms (hotel_id INTEGER NOT NULL, number TEXT, floor INTEGER,"
                    + " PRIMARY KEY (number, hotel_id), FOREIGN KEY (hotel_id) REFERENCES hotels)");
            st.execute("CREATE TABLE hotels (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, city TEXT, stars REAL)");
            st.execute("CREATE TABLE \"bookings 2024\" (hotel_id INT, room TEXT,"
                    + " FOREIGN KEY (room, hotel_id) REFERENCES rooms (number, hotel_id))");
            st.execute("CREATE VIEW big_hotels AS SELECT name FROM hotels WHERE stars >= 4");
            st.execute("INSERT INTO hotels (name, city, stars) VALUES ('Grand', 'Rome', 5), ('Lido', 'Rome', 4),"
                    + " ('Ritz', 'Paris', 5), ('Inn', NULL, 2)");
        }
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    private Table table(List<Table> tables, String name) {
        return tables.stream().filter(t -> t.getName().equals(name)).findFirst().orElseThrow();
    }

    private static Column column(Table table, String name) {
        return table.getColumnsList().stream().filter(c -> c.getName().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void tablesAndViewsComeByNameWithoutSqlitesOwn() throws SQLException {
        List<Table> tables = SqliteIntrospection.tables(connection, 0, 100);
        assertThat(tables).extracting(Table::getName).containsExactly("big_hotels", "bookings 2024", "hotels", "rooms");
        assertThat(tables).extracting(Table::getView).containsExactly(true, false, false, false);
        assertThat(tables).extracting(Table::getSchemaName).containsOnly("main");
    }

    @Test
    void aCompositePrimaryKeyComesInKeyOrderAndKeyColumnsAreNotNullable() throws SQLException {
        Table rooms = table(SqliteIntrospection.tables(connection, 0, 100), "rooms");
        assertThat(rooms.getPrimaryKeyList()).containsExactly("number", "hotel_id");
        assertThat(column(rooms, "number").getPrimaryKey()).isTrue();
        assertThat(column(rooms, "number").getNullable()).isFalse();
        assertThat(column(rooms, "floor").getNullable()).isTrue();
        assertThat(column(rooms, "floor").getValueType()).isEqualTo(ValueType.VALUE_TYPE_INTEGER);
        assertThat(column(rooms, "floor").getDeclaredType()).isEqualTo("INTEGER");
    }

    @Test
    void foreignKeysKeepTheirColumnPairsAndAReferenceToAKeyNamesNoColumn() throws SQLException {
        List<Table> tables = SqliteIntrospection.tables(connection, 0, 100);
        ForeignKey toHotels = table(tables, "rooms").getForeignKeys(0);
        assertThat(toHotels.getReferencedTable()).isEqualTo("hotels");
        assertThat(toHotels.getColumnsList()).containsExactly("hotel_id");
        assertThat(toHotels.getReferencedColumnsList()).isEmpty();
        ForeignKey toRooms = table(tables, "bookings 2024").getForeignKeys(0);
        assertThat(toRooms.getColumnsList()).containsExactly("room", "hotel_id");
        assertThat(toRooms.getReferencedColumnsList()).containsExactly("number", "hotel_id");
    }

    @Test
    void rowCountsAreExact() throws SQLException {
        Table hotels = table(SqliteIntrospection.tables(connection, 0, 100), "hotels");
        assertThat(hotels.getRowCount()).isEqualTo(4);
        assertThat(hotels.getRowCountEstimated()).isFalse();
        assertThat(column(hotels, "name").getSampleValuesList()).as("no samples asked for").isEmpty();
    }

    @Test
    void samplesAreTheMostFrequentValuesWithoutNullsAmongTheFirstRowsScanned() throws SQLException {
        Table hotels = table(SqliteIntrospection.tables(connection, 2, 100), "hotels");
        assertThat(column(hotels, "city").getSampleValuesList()).containsExactly("Rome", "Paris");
        assertThat(column(hotels, "stars").getSampleValuesList()).containsExactly("5.0", "2.0");
        Table scannedTwo = table(SqliteIntrospection.tables(connection, 5, 2), "hotels");
        assertThat(column(scannedTwo, "name").getSampleValuesList()).containsExactly("Grand", "Lido");
    }
}

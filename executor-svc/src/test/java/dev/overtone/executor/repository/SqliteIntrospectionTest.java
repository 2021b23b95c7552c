package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.InMemorySqlite;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What Describe tells of a real SQLite file: tables and views, keys, nullability, row counts and sample values. */
class SqliteIntrospectionTest {
    @RegisterExtension
    final InMemorySqlite db = new InMemorySqlite(
            "CREATE TABLE rooms (hotel_id INTEGER NOT NULL, number TEXT, floor INTEGER,"
                    + " PRIMARY KEY (number, hotel_id), FOREIGN KEY (hotel_id) REFERENCES hotels)",
            "CREATE TABLE hotels (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, city TEXT, stars REAL)",
            "CREATE TABLE \"bookings 2024\" (hotel_id INT, room TEXT,"
                    + " FOREIGN KEY (room, hotel_id) REFERENCES rooms (number, hotel_id))",
            "CREATE VIEW big_hotels AS SELECT name FROM hotels WHERE stars >= 4",
            "INSERT INTO hotels (name, city, stars) VALUES ('Grand', 'Rome', 5), ('Lido', 'Rome', 4),"
                    + " ('Ritz', 'Paris', 5), ('Inn', NULL, 2)");

    private Table table(List<Table> tables, String name) {
        return tables.stream().filter(t -> t.getName().equals(name)).findFirst().orElseThrow();
    }

    private static Column column(Table table, String name) {
        return table.getColumnsList().stream().filter(c -> c.getName().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void tablesAndViewsComeByNameWithoutSqlitesOwn() throws SQLException {
        List<Table> tables = SqliteIntrospection.tables(db.connection(), 0, 100);
        assertThat(tables).extracting(Table::getName).containsExactly("big_hotels", "bookings 2024", "hotels", "rooms");
        assertThat(tables).extracting(Table::getView).containsExactly(true, false, false, false);
        assertThat(tables).extracting(Table::getSchemaName).containsOnly("main");
    }

    @Test
    void aCompositePrimaryKeyComesInKeyOrderAndKeyColumnsAreNotNullable() throws SQLException {
        Table rooms = table(SqliteIntrospection.tables(db.connection(), 0, 100), "rooms");
        assertThat(rooms.getPrimaryKeyList()).containsExactly("number", "hotel_id");
        assertThat(column(rooms, "number").getPrimaryKey()).isTrue();
        assertThat(column(rooms, "number").getNullable()).isFalse();
        assertThat(column(rooms, "floor").getNullable()).isTrue();
        assertThat(column(rooms, "floor").getValueType()).isEqualTo(ValueType.VALUE_TYPE_INTEGER);
        assertThat(column(rooms, "floor").getDeclaredType()).isEqualTo("INTEGER");
    }

    @Test
    void foreignKeysKeepTheirColumnPairsAndAReferenceToAKeyNamesNoColumn() throws SQLException {
        List<Table> tables = SqliteIntrospection.tables(db.connection(), 0, 100);
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
        Table hotels = table(SqliteIntrospection.tables(db.connection(), 0, 100), "hotels");
        assertThat(hotels.getRowCount()).isEqualTo(4);
        assertThat(hotels.getRowCountEstimated()).isFalse();
        assertThat(column(hotels, "name").getSampleValuesList()).as("no samples asked for").isEmpty();
    }

    @Test
    void samplesAreTheMostFrequentValuesWithoutNullsAmongTheFirstRowsScanned() throws SQLException {
        Table hotels = table(SqliteIntrospection.tables(db.connection(), 2, 100), "hotels");
        assertThat(column(hotels, "city").getSampleValuesList()).containsExactly("Rome", "Paris");
        assertThat(column(hotels, "stars").getSampleValuesList()).containsExactly("5.0", "2.0");
        Table scannedTwo = table(SqliteIntrospection.tables(db.connection(), 5, 2), "hotels");
        assertThat(column(scannedTwo, "name").getSampleValuesList()).containsExactly("Grand", "Lido");
    }
}

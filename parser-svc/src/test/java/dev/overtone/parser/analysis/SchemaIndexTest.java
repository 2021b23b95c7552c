package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The schema looked up by name in any case, its keys, and sample values as stored. */
class SchemaIndexTest {

    private final SchemaIndex schema = Schemas.hotels();

    @Test
    void tablesAreFoundInAnyCaseAndSpelledAsTheSchemaSpellsThem() {
        assertThat(schema.table("HOTELS")).map(Table::getName).contains("hotels");
        assertThat(schema.tableName("Reviews")).isEqualTo("reviews");
        assertThat(schema.tableName("guests")).isEqualTo("guests");
    }

    @ParameterizedTest
    @CsvSource({"Hotels, STARS, true", "reviews, stars, false", "guests, name, false"})
    void aColumnIsFoundInItsOwnTableInAnyCase(String table, String column, boolean found) {
        assertThat(schema.column(table, column).isPresent()).isEqualTo(found);
    }

    @ParameterizedTest
    @CsvSource({"reviews, true", "city, true", "Score, true", "Rome, false"})
    void aKnownNameIsATableOrAColumnOfAny(String name, boolean known) {
        assertThat(schema.knowsName(name)).isEqualTo(known);
    }

    @Test
    void keysArePrimaryForeignAndReferencedColumns() {
        assertThat(schema.isKey("hotels", "id")).as("primary, and referenced by reviews").isTrue();
        assertThat(schema.isKey("reviews", "hotel_id")).as("foreign").isTrue();
        assertThat(schema.isKey("hotels", "stars")).isFalse();
        assertThat(schema.isKey("guests", "id")).isFalse();
        assertThat(schema.foreignKeys("reviews", "HOTELS")).hasSize(1);
        assertThat(schema.foreignKeys("hotels", "reviews")).isEmpty();
    }

    /** A column only a foreign key of another table points at (no primary key, no key of its own) is a key too, in any case. */
    @Test
    void aColumnAnotherTableReferencesIsAKeyLookedUpInAnyCase() {
        SchemaIndex referenced = SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("Hotels").addColumns(Column.newBuilder().setName("Code")).addColumns(Column.newBuilder().setName("name")))
                .addTables(Table.newBuilder().setName("reviews").addColumns(Column.newBuilder().setName("hotel_code"))
                        .addForeignKeys(ForeignKey.newBuilder().addColumns("hotel_code").setReferencedTable("HOTELS").addReferencedColumns("code")))
                .build());

        assertThat(referenced.isKey("hotels", "CODE")).isTrue();
        assertThat(referenced.isKey("hotels", "name")).isFalse();
        assertThat(referenced.isKey("reviews", "code")).as("another table's column of the same name").isFalse();
        assertThat(referenced.hasColumnNamed("HOTEL_CODE")).isTrue();
        assertThat(referenced.hasColumnNamed("hotel")).isFalse();
    }

    @Test
    void aSampleValueIsGivenBackAsStored() {
        assertThat(schema.storedValue("rome")).isEqualTo("Rome");
        assertThat(schema.storedValue("LIDO")).isEqualTo("Lido");
        assertThat(schema.storedValue("Oslo")).isNull();
    }

    @Test
    void aSchemaWithoutTablesIsTheEmptyIndex() {
        assertThat(SchemaIndex.of(null)).isSameAs(SchemaIndex.EMPTY);
        assertThat(SchemaIndex.of(Schema.newBuilder().setDialect("sqlite").build()).isEmpty()).isTrue();
        assertThat(schema.isEmpty()).isFalse();
        assertThat(schema.tables()).extracting(Table::getName).containsExactly("hotels", "reviews");
    }
}

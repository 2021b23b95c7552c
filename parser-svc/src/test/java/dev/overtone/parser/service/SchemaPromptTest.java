package dev.overtone.parser.service;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The schema as the model reads it. */
class SchemaPromptTest {

    private static Column column(String name, String type, String... samples) {
        return Column.newBuilder().setName(name).setDeclaredType(type).addAllSampleValues(List.of(samples)).build();
    }

    @Test
    void oneLinePerTableWithTypesKeysReferencesAndSamples() {
        Schema schema = Schema.newBuilder()
                .addTables(Table.newBuilder().setName("hotels").addPrimaryKey("id")
                        .addColumns(column("id", "INTEGER")).addColumns(column("name", "TEXT", "Grand", "Lido")))
                .addTables(Table.newBuilder().setName("reviews")
                        .addColumns(column("id", "INTEGER").toBuilder().setPrimaryKey(true))
                        .addColumns(column("hotel_id", "INTEGER")).addColumns(column("note", ""))
                        .addForeignKeys(ForeignKey.newBuilder().addColumns("hotel_id").setReferencedTable("hotels").addReferencedColumns("id")))
                .build();
        assertThat(SchemaPrompt.render(schema)).isEqualTo("""
                hotels(id INTEGER primary key, name TEXT e.g. 'Grand', 'Lido')
                reviews(id INTEGER primary key, hotel_id INTEGER references hotels.id, note)
                """);
    }

    @Test
    void atMostThreeSamplesAreShownWithQuotesDoubled() {
        Schema schema = Schema.newBuilder().addTables(Table.newBuilder().setName("t")
                .addColumns(column("c", "TEXT", "O'Hara", "b", "c", "d"))).build();
        assertThat(SchemaPrompt.render(schema)).isEqualTo("t(c TEXT e.g. 'O''Hara', 'b', 'c')\n");
    }

    @Test
    void aReferenceWithoutItsColumnNamesTheTableOnly() {
        Schema schema = Schema.newBuilder().addTables(Table.newBuilder().setName("t")
                .addColumns(column("a", "INT")).addColumns(column("b", "INT"))
                .addForeignKeys(ForeignKey.newBuilder().addColumns("a").addColumns("b").setReferencedTable("u").addReferencedColumns("x")))
                .build();
        assertThat(SchemaPrompt.render(schema)).isEqualTo("t(a INT references u.x, b INT references u)\n");
    }
}

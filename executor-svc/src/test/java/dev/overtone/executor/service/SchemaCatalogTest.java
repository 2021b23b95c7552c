package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Table;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** A schema's version: a hash of its structure, which data alone never changes. */
class SchemaCatalogTest {
    private static final Table HOTELS = Table.newBuilder().setName("hotels").setSchemaName("main").addPrimaryKey("id")
            .addColumns(Column.newBuilder().setName("id").setDeclaredType("INTEGER").setPrimaryKey(true))
            .addColumns(Column.newBuilder().setName("city").setDeclaredType("TEXT").setNullable(true).addSampleValues("Rome"))
            .setRowCount(10).build();
    private static final Table ROOMS = Table.newBuilder().setName("rooms").setSchemaName("main")
            .addColumns(Column.newBuilder().setName("hotel_id").setDeclaredType("INTEGER"))
            .addForeignKeys(ForeignKey.newBuilder().addColumns("hotel_id").setReferencedTable("hotels").addReferencedColumns("id"))
            .build();
    private static final String VERSION = SchemaCatalog.version(List.of(HOTELS, ROOMS));

    private static String versionWithHotels(UnaryOperator<Table.Builder> change) {
        return SchemaCatalog.version(List.of(change.apply(HOTELS.toBuilder()).build(), ROOMS));
    }

    @Test
    void theVersionIsShortHexAndStable() {
        assertThat(VERSION).matches("[0-9a-f]{16}");
        assertThat(SchemaCatalog.version(List.of(HOTELS, ROOMS))).isEqualTo(VERSION);
    }

    @Test
    void rowCountsAndSampleValuesDoNotChangeIt() {
        assertThat(versionWithHotels(t -> t.setRowCount(99).setRowCountEstimated(true)
                .setColumns(1, t.getColumns(1).toBuilder().clearSampleValues().addSampleValues("Paris")))).isEqualTo(VERSION);
    }

    @Test
    void everyStructuralChangeDoes() {
        assertThat(versionWithHotels(t -> t.setName("inns"))).isNotEqualTo(VERSION);
        assertThat(versionWithHotels(t -> t.setView(true))).isNotEqualTo(VERSION);
        assertThat(versionWithHotels(t -> t.clearPrimaryKey())).isNotEqualTo(VERSION);
        assertThat(versionWithHotels(t -> t.setColumns(1, t.getColumns(1).toBuilder().setName("town")))).isNotEqualTo(VERSION);
        assertThat(versionWithHotels(t -> t.setColumns(1, t.getColumns(1).toBuilder().setDeclaredType("VARCHAR")))).isNotEqualTo(VERSION);
        assertThat(versionWithHotels(t -> t.setColumns(1, t.getColumns(1).toBuilder().setNullable(false)))).isNotEqualTo(VERSION);
        Table otherKey = ROOMS.toBuilder().setForeignKeys(0, ROOMS.getForeignKeys(0).toBuilder().setReferencedTable("inns")).build();
        assertThat(SchemaCatalog.version(List.of(HOTELS, otherKey))).isNotEqualTo(VERSION);
        assertThat(SchemaCatalog.version(List.of(HOTELS))).isNotEqualTo(VERSION);
    }
}

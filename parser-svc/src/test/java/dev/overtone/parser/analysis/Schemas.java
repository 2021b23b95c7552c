package dev.overtone.parser.analysis;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;

/** Small hand-written schemas for unit tests. */
public final class Schemas {
    private Schemas() {
    }

    public static Column col(String name, ValueType type, String... samples) {
        return Column.newBuilder().setName(name).setValueType(type).setNullable(true)
                .setDeclaredType(type == ValueType.VALUE_TYPE_INTEGER ? "INTEGER" : type == ValueType.VALUE_TYPE_REAL ? "REAL" : "TEXT")
                .addAllSampleValues(java.util.List.of(samples)).build();
    }

    public static Column id(String name) {
        return Column.newBuilder().setName(name).setValueType(ValueType.VALUE_TYPE_INTEGER).setDeclaredType("INTEGER").setPrimaryKey(true).build();
    }

    public static ForeignKey fk(String column, String table, String refColumn) {
        return ForeignKey.newBuilder().addColumns(column).setReferencedTable(table).addReferencedColumns(refColumn).build();
    }

    public static final ValueType INT = ValueType.VALUE_TYPE_INTEGER;
    public static final ValueType REAL = ValueType.VALUE_TYPE_REAL;
    public static final ValueType TEXT = ValueType.VALUE_TYPE_TEXT;

    /** Hotels with a star rating and reviews with scores. */
    public static SchemaIndex hotels() {
        return SchemaIndex.of(Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("hotels").addPrimaryKey("id").addColumns(id("id"))
                        .addColumns(col("name", TEXT, "Grand", "Lido")).addColumns(col("city", TEXT, "Rome", "Paris"))
                        .addColumns(col("stars", INT, "3", "5")))
                .addTables(Table.newBuilder().setName("reviews").addPrimaryKey("id").addColumns(id("id"))
                        .addColumns(col("hotel_id", INT)).addColumns(col("score", REAL, "7.5"))
                        .addForeignKeys(fk("hotel_id", "hotels", "id")))
                .build());
    }

    /** A base table and a side table that repeats its country column. */
    public static Schema performers() {
        return Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("performer").addPrimaryKey("performer_id").addColumns(id("performer_id"))
                        .addColumns(col("name", TEXT)).addColumns(col("country", TEXT)).addColumns(col("age", INT)))
                .addTables(Table.newBuilder().setName("performer_country").addColumns(col("performer_id", INT)).addColumns(col("country", TEXT))
                        .addForeignKeys(fk("performer_id", "performer", "performer_id")))
                .build();
    }
}

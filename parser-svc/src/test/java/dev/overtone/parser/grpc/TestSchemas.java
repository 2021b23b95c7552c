package dev.overtone.parser.grpc;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;

/** The hotels sample as a proto schema. */
final class TestSchemas {
    private TestSchemas() {
    }

    static Schema hotels() {
        return Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("hotels").addPrimaryKey("id")
                        .addColumns(Column.newBuilder().setName("id").setDeclaredType("INTEGER").setValueType(ValueType.VALUE_TYPE_INTEGER).setPrimaryKey(true))
                        .addColumns(Column.newBuilder().setName("name").setDeclaredType("TEXT").setValueType(ValueType.VALUE_TYPE_TEXT).addSampleValues("Grand"))
                        .addColumns(Column.newBuilder().setName("stars").setDeclaredType("INTEGER").setValueType(ValueType.VALUE_TYPE_INTEGER).addSampleValues("5")))
                .addTables(Table.newBuilder().setName("reviews").addPrimaryKey("id")
                        .addColumns(Column.newBuilder().setName("id").setDeclaredType("INTEGER").setValueType(ValueType.VALUE_TYPE_INTEGER).setPrimaryKey(true))
                        .addColumns(Column.newBuilder().setName("hotel_id").setDeclaredType("INTEGER").setValueType(ValueType.VALUE_TYPE_INTEGER))
                        .addColumns(Column.newBuilder().setName("score").setDeclaredType("REAL").setValueType(ValueType.VALUE_TYPE_REAL))
                        .addForeignKeys(ForeignKey.newBuilder().addColumns("hotel_id").setReferencedTable("hotels").addReferencedColumns("id")))
                .build();
    }
}

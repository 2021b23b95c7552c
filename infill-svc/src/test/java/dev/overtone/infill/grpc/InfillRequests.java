package dev.overtone.infill.grpc;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.DatabaseRef;
import dev.overtone.proto.v1.Engine;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.InfillOptions;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;

/** The request every infill test starts from: the rating question with the stars reading found. */
final class InfillRequests {
    private InfillRequests() {
    }

    static InfillRequest.Builder rating() {
        return InfillRequest.newBuilder().setQuestion("return the rating of each hotel").setSchema(hotels())
                .addReadings(Reading.newBuilder().setId("r1").setText("the star rating of each hotel").setSql(FakeParser.STARS)
                        .setSource(Source.SOURCE_CALLER).setFingerprint("fp-stars"))
                .setOptions(InfillOptions.getDefaultInstance());
    }

    /**
     * The demo hotel schema as interpreter-svc hands it on (its tests' executor describes it so), keys
     * included: parser-svc's variants follow the foreign key from reviews to hotels. FakeParser answers
     * with parser-svc's answers recorded over exactly this schema.
     */
    static Schema hotels() {
        return Schema.newBuilder().setDatabase(DatabaseRef.newBuilder().setTenant("demo").setDatabase("hotels"))
                .setEngine(Engine.ENGINE_SQLITE).setDialect("sqlite").setVersion("v1")
                .addTables(Table.newBuilder().setName("hotels").setSchemaName("main").addPrimaryKey("id")
                        .addColumns(col("id", "INTEGER", ValueType.VALUE_TYPE_INTEGER))
                        .addColumns(col("name", "TEXT", ValueType.VALUE_TYPE_TEXT).addSampleValues("Grand Plaza"))
                        .addColumns(col("city", "TEXT", ValueType.VALUE_TYPE_TEXT).addSampleValues("Lisbon").addSampleValues("Porto"))
                        .addColumns(col("stars", "INTEGER", ValueType.VALUE_TYPE_INTEGER).addSampleValues("5")))
                .addTables(Table.newBuilder().setName("reviews").setSchemaName("main").addPrimaryKey("id")
                        .addColumns(col("id", "INTEGER", ValueType.VALUE_TYPE_INTEGER))
                        .addColumns(col("hotel_id", "INTEGER", ValueType.VALUE_TYPE_INTEGER))
                        .addColumns(col("guest", "TEXT", ValueType.VALUE_TYPE_TEXT).addSampleValues("Ana"))
                        .addColumns(col("score", "NUMERIC(3, 1)", ValueType.VALUE_TYPE_REAL))
                        .addForeignKeys(ForeignKey.newBuilder().addColumns("hotel_id").setReferencedTable("hotels").addReferencedColumns("id")))
                .build();
    }

    private static Column.Builder col(String name, String type, ValueType valueType) {
        return Column.newBuilder().setName(name).setDeclaredType(type).setValueType(valueType);
    }
}

package dev.overtone.infill.grpc;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.InfillOptions;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Table;

/** The request every infill test starts from: the rating question with the stars reading found. */
final class InfillRequests {
    private InfillRequests() {
    }

    static InfillRequest.Builder rating() {
        Schema schema = Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("hotels").addColumns(Column.newBuilder().setName("name").setDeclaredType("TEXT"))
                        .addColumns(Column.newBuilder().setName("stars").setDeclaredType("INTEGER")))
                .addTables(Table.newBuilder().setName("reviews").addColumns(Column.newBuilder().setName("score").setDeclaredType("REAL")))
                .build();
        return InfillRequest.newBuilder().setQuestion("return the rating of each hotel").setSchema(schema)
                .addReadings(Reading.newBuilder().setId("r1").setText("the star rating of each hotel").setSql(FakeParser.STARS)
                        .setSource(Source.SOURCE_CALLER).setFingerprint("fp-stars"))
                .setOptions(InfillOptions.getDefaultInstance());
    }
}

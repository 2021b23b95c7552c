package dev.overtone.parser.service;

import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.ParserServiceGrpc;
import dev.overtone.proto.v1.VariantsBatchRequest;
import dev.overtone.proto.v1.VariantsResult;
import dev.overtone.proto.v1.VerbalizeRequest;
import dev.overtone.runtime.health.OwnServer;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;
import dev.overtone.parser.config.ParserConfig;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * A small built-in example sent through this service's own gRPC server once at start: Analyze,
 * AnalyzeBatch, VariantsBatch (which loads the embedding model and embeds the question's words) and
 * Verbalize, as its clients call them. The first real request then finds the model loaded and the
 * transport, codecs, handlers and analysis warm. It is warm-up data, not a rule: nothing depends on its names.
 */
@ApplicationScoped
public class WarmUpExample {

    static final String SQL = "SELECT name, stars FROM hotels";
    static final String QUESTION = "return the rating of each hotel";

    private static final String[] BATCH = {
        "SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name",
        "SELECT name FROM hotels WHERE stars > 3 ORDER BY name",
        "SELECT COUNT(*) FROM reviews WHERE score >= 4",
        "SELECT name, stars FROM hotels WHERE id IN (SELECT hotel_id FROM reviews)",
    };
    private static final String[] WORDS = {"best rated", "average score", "number of reviews", "stars of hotels"};

    private final ParserConfig config;

    public WarmUpExample(ParserConfig config) {
        this.config = config;
    }

    public void run() {
        long end = System.nanoTime() + config.warmUp().budget().toNanos();
        Schema schema = schema();
        try (OwnServer own = OwnServer.connect()) {
            ParserServiceGrpc.ParserServiceBlockingStub parser = ParserServiceGrpc.newBlockingStub(own.channel());
            parser.analyze(AnalyzeRequest.newBuilder().setSql(SQL).setSchema(schema).build());
            parser.analyzeBatch(AnalyzeBatchRequest.newBuilder().addSqls(SQL).setSchema(schema).build());
            VariantsResult found = parser.variantsBatch(VariantsBatchRequest.newBuilder().addSqls(SQL).setSchema(schema)
                    .setQuestion(QUESTION).build()).getResults(0);
            if (found.getVariantsCount() == 0) {
                throw new IllegalStateException("the built-in example '" + SQL + "' gave no variants; Variants is not working"
                        + (found.getError().isEmpty() ? "" : ": " + found.getError()));
            }
            parser.verbalize(VerbalizeRequest.newBuilder().setSql(found.getVariants(0).getSql()).setSchema(schema).build());
            for (int round = 0; round < config.warmUp().rounds() && System.nanoTime() < end; round++) {
                parser.variantsBatch(VariantsBatchRequest.newBuilder().addAllSqls(java.util.List.of(BATCH)).setSchema(schema)
                        .setQuestion("show the " + WORDS[round % WORDS.length] + " of each hotel, round " + round).build());
            }
        }
    }

    static Schema schema() {
        return Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("hotels").addPrimaryKey("id")
                        .addColumns(column("id", ValueType.VALUE_TYPE_INTEGER).setPrimaryKey(true))
                        .addColumns(column("name", ValueType.VALUE_TYPE_TEXT).addSampleValues("Grand"))
                        .addColumns(column("stars", ValueType.VALUE_TYPE_INTEGER).addSampleValues("5")))
                .addTables(Table.newBuilder().setName("reviews").addPrimaryKey("id")
                        .addColumns(column("id", ValueType.VALUE_TYPE_INTEGER).setPrimaryKey(true))
                        .addColumns(column("hotel_id", ValueType.VALUE_TYPE_INTEGER))
                        .addColumns(column("score", ValueType.VALUE_TYPE_REAL))
                        .addForeignKeys(ForeignKey.newBuilder().addColumns("hotel_id").setReferencedTable("hotels").addReferencedColumns("id")))
                .build();
    }

    private static Column.Builder column(String name, ValueType type) {
        return Column.newBuilder().setName(name).setValueType(type)
                .setDeclaredType(type == ValueType.VALUE_TYPE_TEXT ? "TEXT" : type == ValueType.VALUE_TYPE_REAL ? "REAL" : "INTEGER");
    }
}

package dev.overtone.infill.service;

import dev.overtone.infill.client.ParserClient;
import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.infill.config.InfillConfig;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.InfillOptions;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillServiceGrpc;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;
import dev.overtone.runtime.health.OwnServer;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.List;

/**
 * A small built-in example sent once at start through this service's own gRPC server, with the
 * structural strategy only (a model call at start would cost a GPU's time for nothing), so the first
 * real Infill finds infill-svc's handler, its parser-svc client and parser-svc's batch calls warm.
 * parser-svc may still be starting: the warm-up waits for it, bounded, and goes on without it.
 * It is warm-up data, not a rule: nothing depends on its names.
 */
@ApplicationScoped
public class WarmUpExample {

    private static final Logger LOG = Logger.getLogger(WarmUpExample.class);

    static final String SQL = "SELECT name, stars FROM hotels";
    static final String QUESTION = "return the rating of each hotel";

    private final ParserClient parser;
    private final InfillConfig config;

    public WarmUpExample(ParserClient parser, InfillConfig config) {
        this.parser = parser;
        this.config = config;
    }

    public void run() {
        Schema schema = schema();
        try {
            parser.analyzeOnceReachable(List.of(SQL), schema, config.warmUp().parserWait());
        } catch (DownstreamFailure e) {
            LOG.warnf("infill-svc warm-up goes on without parser-svc: %s", e.getMessage());
        }
        try (OwnServer own = OwnServer.connect()) {
            InfillResponse answer = InfillServiceGrpc.newBlockingStub(own.channel()).infill(InfillRequest.newBuilder()
                    .setQuestion(QUESTION).setSchema(schema)
                    .addReadings(Reading.newBuilder().setId("r1").setSql(SQL).setSource(Source.SOURCE_CALLER))
                    .setOptions(InfillOptions.newBuilder().setModel(false).setStructural(true))
                    .build());
            if (answer.getDegraded()) {
                LOG.warnf("infill-svc warm-up answered degraded: %s", String.join("; ", answer.getDegradedReasonsList()));
            }
        }
    }

    static Schema schema() {
        return Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("hotels").addPrimaryKey("id")
                        .addColumns(column("id", ValueType.VALUE_TYPE_INTEGER, "INTEGER").setPrimaryKey(true))
                        .addColumns(column("name", ValueType.VALUE_TYPE_TEXT, "TEXT"))
                        .addColumns(column("stars", ValueType.VALUE_TYPE_INTEGER, "INTEGER"))
                        .addColumns(column("rating", ValueType.VALUE_TYPE_REAL, "REAL")))
                .build();
    }

    private static Column.Builder column(String name, ValueType type, String declared) {
        return Column.newBuilder().setName(name).setValueType(type).setDeclaredType(declared);
    }
}

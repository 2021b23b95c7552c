package dev.overtone.infill.client;

import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeResult;
import dev.overtone.proto.v1.ParserServiceGrpc;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.VariantsBatchRequest;
import dev.overtone.proto.v1.VariantsResult;
import dev.overtone.runtime.grpc.Downstream;
import dev.overtone.runtime.grpc.DownstreamFailure;
import io.grpc.Channel;
import io.grpc.ConnectivityState;
import io.quarkus.grpc.GrpcClient;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.List;

/**
 * parser-svc as the structural infiller uses it (an overtone-runtime {@link Downstream}): VariantsBatch and
 * AnalyzeBatch, each one call with a deadline; a failed call is a {@link DownstreamFailure}.
 */
@ApplicationScoped
public class ParserClient {
    @Inject
    @GrpcClient("parser")
    Channel channel;
    private Downstream parser;

    @PostConstruct
    void init() {
        parser = Downstream.of("parser", "parser-svc", channel);
    }

    /**
     * Variants of every SQL in one call, with each source's canonical form; one result per SQL, in order.
     * {@code partners} are other readings of the question, not varied, that a source may be combined with.
     */
    public List<VariantsResult> variants(List<String> sqls, List<String> partners, Schema schema, String question, int max,
                                         List<String> families, long timeoutMs) {
        VariantsBatchRequest request = VariantsBatchRequest.newBuilder().addAllSqls(sqls).addAllPartners(partners)
                .setSchema(schema).setQuestion(question).setMaxVariants(max).addAllFamilies(families).build();
        return parser.call("VariantsBatch", timeoutMs, () -> stub(timeoutMs).variantsBatch(request).getResultsList());
    }

    /** Analyze of every SQL in one call; one result per SQL, in order. */
    public List<AnalyzeResult> analyze(List<String> sqls, Schema schema, long timeoutMs) {
        return parser.call("AnalyzeBatch", timeoutMs, () -> stub(timeoutMs).analyzeBatch(analyzeBatch(sqls, schema)).getResultsList());
    }

    /**
     * Analyze of every SQL in one call that first waits, at most {@code bound}, for parser-svc to accept
     * connections: for the start-up warm-up, which may run while parser-svc is still starting.
     */
    public List<AnalyzeResult> analyzeOnceReachable(List<String> sqls, Schema schema, Duration bound) {
        long timeoutMs = bound.toMillis();
        return parser.call("AnalyzeBatch", timeoutMs, () -> stub(timeoutMs).withWaitForReady()
                .analyzeBatch(analyzeBatch(sqls, schema)).getResultsList());
    }

    private static AnalyzeBatchRequest analyzeBatch(List<String> sqls, Schema schema) {
        return AnalyzeBatchRequest.newBuilder().addAllSqls(sqls).setSchema(schema).build();
    }

    public String address() {
        return parser.address();
    }

    public ConnectivityState connectivity() {
        return parser.connectivity();
    }

    private ParserServiceGrpc.ParserServiceBlockingStub stub(long timeoutMs) {
        return parser.stub(ParserServiceGrpc::newBlockingStub, timeoutMs);
    }
}

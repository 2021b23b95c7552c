package dev.overtone.infill.client;

import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeResult;
import dev.overtone.proto.v1.ParserServiceGrpc;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.VariantsBatchRequest;
import dev.overtone.proto.v1.VariantsResult;
import dev.overtone.runtime.grpc.ReconnectAfterRestart;
import io.grpc.Channel;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** parser-svc as the structural infiller uses it: VariantsBatch and AnalyzeBatch, each one call with a deadline. */
@ApplicationScoped
public class ParserClient {
    @Inject
    @GrpcClient("parser")
    Channel channel;
    @ConfigProperty(name = "quarkus.grpc.clients.parser.host", defaultValue = "localhost")
    String host;
    @ConfigProperty(name = "quarkus.grpc.clients.parser.port", defaultValue = "8093")
    String port;
    private ReconnectAfterRestart reconnect;

    /** A parser-svc failure phrased for a person. */
    public static class ParserFailure extends RuntimeException {
        private final Status.Code code;

        ParserFailure(Status.Code code, String message) {
            super(message, null, false, false);
            this.code = code;
        }

        public Status.Code code() {
            return code;
        }
    }

    /**
     * Variants of every SQL in one call, with each source's canonical form; one result per SQL, in order.
     * {@code partners} are other readings of the question, not varied, that a source may be combined with.
     */
    public List<VariantsResult> variants(List<String> sqls, List<String> partners, Schema schema, String question, int max,
                                         List<String> families, long timeoutMs) {
        return call(timeoutMs, () -> stub(timeoutMs).variantsBatch(VariantsBatchRequest.newBuilder().addAllSqls(sqls).addAllPartners(partners)
                .setSchema(schema).setQuestion(question).setMaxVariants(max).addAllFamilies(families).build()).getResultsList());
    }

    /** Analyze of every SQL in one call; one result per SQL, in order. */
    public List<AnalyzeResult> analyze(List<String> sqls, Schema schema, long timeoutMs) {
        return call(timeoutMs, () -> stub(timeoutMs).analyzeBatch(analyzeBatch(sqls, schema)).getResultsList());
    }

    /**
     * Analyze of every SQL in one call that first waits, at most {@code bound}, for parser-svc to accept
     * connections: for the start-up warm-up, which may run while parser-svc is still starting.
     */
    public List<AnalyzeResult> analyzeOnceReachable(List<String> sqls, Schema schema, Duration bound) {
        return call(bound.toMillis(), () -> stub(bound.toMillis()).withWaitForReady().analyzeBatch(analyzeBatch(sqls, schema))
                .getResultsList());
    }

    private static AnalyzeBatchRequest analyzeBatch(List<String> sqls, Schema schema) {
        return AnalyzeBatchRequest.newBuilder().addAllSqls(sqls).setSchema(schema).build();
    }

    @PostConstruct
    void init() {
        reconnect = new ReconnectAfterRestart(channel);
    }

    public String address() {
        return host + ":" + port;
    }

    public ConnectivityState connectivity() {
        return channel instanceof ManagedChannel managed ? managed.getState(true) : null;
    }

    private ParserServiceGrpc.ParserServiceBlockingStub stub(long timeoutMs) {
        return ParserServiceGrpc.newBlockingStub(channel).withDeadlineAfter(timeoutMs, TimeUnit.MILLISECONDS);
    }

    private <T> T call(long timeoutMs, java.util.function.Supplier<T> invocation) {
        if (timeoutMs <= 0) {
            throw new ParserFailure(Status.Code.DEADLINE_EXCEEDED, "parser-svc was not called: the structural budget is spent");
        }
        // Retries of VariantsBatch and AnalyzeBatch come from the channel's service config (overtone-runtime RetryPolicy).
        reconnect.beforeCall(Duration.ofMillis(timeoutMs / 2));
        try {
            return invocation.get();
        } catch (StatusRuntimeException e) {
            Status s = e.getStatus();
            String detail = s.getDescription() != null ? s.getDescription() : s.getCode().name();
            if (s.getCode() == Status.Code.UNAVAILABLE) {
                throw new ParserFailure(s.getCode(), "parser-svc is unavailable at " + address() + ": " + detail);
            }
            if (s.getCode() == Status.Code.DEADLINE_EXCEEDED) {
                throw new ParserFailure(s.getCode(), "parser-svc did not answer within " + timeoutMs + " ms (" + address() + ")");
            }
            throw new ParserFailure(s.getCode(), "parser-svc: " + s.getCode() + " " + detail);
        }
    }
}

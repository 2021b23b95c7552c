package dev.overtone.clarify.client;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.service.ClarifyException;
import dev.overtone.clarify.service.SlotValue;
import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.MutinyParserServiceGrpc;
import dev.overtone.proto.v1.Slot;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * parser-svc's Analyze, for the slots of a reading's SQL. No fallback when it is down: a dialogue
 * over readings whose differences are unknown would ask nonsense, so the caller gets UNAVAILABLE.
 */
@ApplicationScoped
public class ParserClient {
    @GrpcClient("parser")
    MutinyParserServiceGrpc.MutinyParserServiceStub parser;

    @ConfigProperty(name = "quarkus.grpc.clients.parser.host", defaultValue = "localhost")
    String host;

    @ConfigProperty(name = "quarkus.grpc.clients.parser.port", defaultValue = "8093")
    int port;

    final ClarifyConfig config;

    public ParserClient(ClarifyConfig config) {
        this.config = config;
    }

    public Uni<List<SlotValue>> slots(String candidateId, String sql) {
        return parser.withDeadlineAfter(config.parser().deadline().toMillis(), TimeUnit.MILLISECONDS)
                .analyze(AnalyzeRequest.newBuilder().setSql(sql).build())
                .map(r -> r.getSlotsList().stream().map(ParserClient::slot).toList())
                .onFailure().transform(f -> failure(candidateId, f));
    }

    private static SlotValue slot(Slot s) {
        return new SlotValue(s.getPath(), s.getValue(), s.getLabel(), List.copyOf(s.getSchemaElementsList()));
    }

    private ClarifyException failure(String candidateId, Throwable f) {
        Status status = f instanceof StatusRuntimeException sre ? sre.getStatus() : Status.fromThrowable(f);
        String detail = status.getDescription() != null ? status.getDescription() : String.valueOf(f.getMessage());
        return switch (status.getCode()) {
            case INVALID_ARGUMENT -> ClarifyException.invalid("candidate '" + candidateId + "': parser-svc cannot parse its SQL: " + detail);
            case DEADLINE_EXCEEDED -> new ClarifyException(ClarifyException.Kind.UNAVAILABLE, "parser-svc at " + host + ":" + port
                    + " did not answer Analyze within " + config.parser().deadline().toMillis() + " ms; clarify-svc needs it to find what tells the candidates apart");
            default -> new ClarifyException(ClarifyException.Kind.UNAVAILABLE, "parser-svc at " + host + ":" + port
                    + " is unavailable (" + status.getCode() + ": " + detail + "); clarify-svc needs its Analyze to find what tells the candidates apart");
        };
    }
}

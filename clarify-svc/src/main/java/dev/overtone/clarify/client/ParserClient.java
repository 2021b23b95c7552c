package dev.overtone.clarify.client;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.service.ClarifyException;
import dev.overtone.clarify.service.SlotValue;
import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.MutinyParserServiceGrpc;
import dev.overtone.proto.v1.Slot;
import dev.overtone.runtime.grpc.Downstream;
import dev.overtone.runtime.grpc.DownstreamFailure;
import io.grpc.Channel;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * parser-svc's Analyze, for the slots of a reading's SQL (an overtone-runtime {@link Downstream}). No fallback
 * when it is down: a dialogue over readings whose differences are unknown would ask nonsense, so the caller gets
 * UNAVAILABLE (also when parser-svc was too slow: clarify-svc's own caller still has time, only its answer is missing).
 */
@ApplicationScoped
public class ParserClient {
    @Inject
    @GrpcClient("parser")
    Channel channel;
    @Inject
    ClarifyConfig config;
    private Downstream parser;

    @PostConstruct
    void init() {
        parser = Downstream.of("parser", "parser-svc", channel);
    }

    public Uni<List<SlotValue>> slots(String candidateId, String sql) {
        long timeoutMs = config.parser().deadline().toMillis();
        return parser.callAsync("Analyze", timeoutMs, () -> parser.stub(MutinyParserServiceGrpc::newMutinyStub, timeoutMs)
                        .analyze(AnalyzeRequest.newBuilder().setSql(sql).build()))
                .map(r -> r.getSlotsList().stream().map(ParserClient::slot).toList())
                .onFailure(DownstreamFailure.class).transform(f -> failure(candidateId, (DownstreamFailure) f));
    }

    private static SlotValue slot(Slot s) {
        return new SlotValue(s.getPath(), s.getValue(), s.getLabel(), List.copyOf(s.getSchemaElementsList()));
    }

    private static ClarifyException failure(String candidateId, DownstreamFailure f) {
        if (f.code() == Status.Code.INVALID_ARGUMENT) {
            return ClarifyException.invalid("candidate '" + candidateId + "': parser-svc cannot parse its SQL: " + f.getMessage());
        }
        return new ClarifyException(ClarifyException.Kind.UNAVAILABLE, f.getMessage()
                + "; clarify-svc needs its Analyze to find what tells the candidates apart");
    }
}

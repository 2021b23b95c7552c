package dev.overtone.clarify.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.mapping.MemoryProtoMapper;
import dev.overtone.clarify.memory.MemoryRequest;
import dev.overtone.clarify.memory.TenantMemory;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.Timings;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ChooseRequest;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.RecallRequest;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Recall's latency, run by hand (no timing is asserted; it asserts that what it times is the named work: nothing
 * applies for a tenant with no memory, one choice of 100 applies for the other):
 * {@code ./mvnw -B -o -pl clarify-svc verify -Dtest=RecallBench -Dsurefire.failIfNoSpecifiedTests=false}.
 * The demo's three readings with their analysis, as interpreter-svc sends them; in process (the service's Recall on a
 * Vert.x context, PostgreSQL included) and over gRPC on loopback.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class RecallBench {
    private static final int WARM_UP = 300;
    private static final int CALLS = 2000;

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;
    @Inject
    TenantMemory memory;
    @Inject
    Vertx vertx;

    @Test
    void recallWithAnEmptyMemoryAndWithAHundredChoices() throws Exception {
        String empty = MemoryCalls.newTenant();
        String hundred = MemoryCalls.newTenant();
        for (int k = 0; k < 99; k++) {
            clarify.choose(otherFork(hundred, k));
        }
        clarify.choose(MemoryCalls.choose(hundred, "hotels", "score").toBuilder().clearCandidates()
                .addAllCandidates(MemoryCalls.analysed(MemoryCalls.candidates())).build());
        assertThat(MemoryCalls.storedChoices(hundred)).isEqualTo(101); // 99 other forks, and the demo's two

        RecallRequest none = demo(empty);
        RecallRequest some = demo(hundred);
        assertThat(clarify.recall(none).getAppliedCount()).isZero();
        assertThat(clarify.recall(some).getAppliedCount()).isEqualTo(2);

        Timings.report("Recall in process, empty memory", Timings.time(CALLS, WARM_UP, () -> inProcess(none)));
        Timings.report("Recall in process, 101 choices of the tenant", Timings.time(CALLS, WARM_UP, () -> inProcess(some)));
        Timings.report("Recall over gRPC (loopback), empty memory", Timings.time(CALLS, WARM_UP, () -> clarify.recall(none)));
        Timings.report("Recall over gRPC (loopback), 101 choices", Timings.time(CALLS, WARM_UP, () -> clarify.recall(some)));
    }

    private void inProcess(RecallRequest request) {
        MemoryRequest r = MemoryProtoMapper.recall(request);
        Context ctx = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(ctx, true);
        CompletableFuture<TenantMemory.Recalled> done = new CompletableFuture<>();
        ctx.runOnContext(v -> memory.recall(r).subscribe().with(done::complete, done::completeExceptionally));
        try {
            done.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static RecallRequest demo(String tenant) {
        return MemoryCalls.recall(tenant, "hotels", HotelDialogue.QUESTION).toBuilder().clearCandidates()
                .addAllCandidates(MemoryCalls.analysed(MemoryCalls.candidates())).build();
    }

    /** A fork the demo question does not turn on: the k-th metric of hotels, as a column or as an average of reviews. */
    private static ChooseRequest otherFork(String tenant, int k) {
        ChooseRequest.Builder b = ChooseRequest.newBuilder().setTenant(tenant).setDatabase("hotels")
                .setQuestion("Return the metric" + k + " of each hotel").setChosenCandidateId("b");
        Candidate a = Candidate.newBuilder().setId("a").setSql("SELECT hotels.name, hotels.metric" + k + " FROM hotels").build();
        Candidate c = Candidate.newBuilder().setId("b").setSql("SELECT hotels.name, AVG(reviews.metric" + k
                + ") FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id GROUP BY hotels.name").build();
        return b.addAllCandidates(MemoryCalls.analysed(List.of(a, c))).build();
    }
}

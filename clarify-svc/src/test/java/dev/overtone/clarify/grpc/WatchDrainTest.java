package dev.overtone.clarify.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.overtone.clarify.memory.MemoryListener;
import dev.overtone.clarify.support.Await;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.Watcher;
import dev.overtone.proto.v1.MutinyClarifyServiceGrpc;
import dev.overtone.runtime.health.Drain;
import dev.overtone.runtime.health.InFlightCalls;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.eclipse.microprofile.health.Readiness;
import org.junit.jupiter.api.Test;

/**
 * SIGTERM's first step (the event the drain runs at) ends the watch streams before the drain waits for the calls held and
 * their connections to close: a watch is long-lived and would hold the drain for all of quarkus.shutdown.timeout. Its own profile: the drain stops
 * this app's gRPC server.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
@TestProfile(WatchDrainTest.Draining.class)
class WatchDrainTest {

    /** A drain that waited for the watch would take minutes, not the moment it takes. */
    public static class Draining implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.shutdown.timeout", "5m");
        }
    }

    @GrpcClient("clarify")
    MutinyClarifyServiceGrpc.MutinyClarifyServiceStub async;

    @Inject
    MemoryListener listener;

    @Inject
    Event<ShutdownDelayInitiatedEvent> shutdown;
    @Inject
    @Readiness
    Drain drain;
    @Inject
    InFlightCalls inFlight;

    @Test
    void theDrainEndsWatchStreamsFirstAndDoesNotWaitForThem() {
        try (Watcher watcher = new Watcher(async, listener).awaitSynced()) {
            assertThat(inFlight.count()).as("a watch is no call in flight (the autoscaler's load)").isZero();

            // a bound against a hang: with the watch left open its connection would stay, and the drain wait the whole 5 minutes
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> shutdown.fire(new ShutdownDelayInitiatedEvent()));

            assertThat(drain.draining()).isTrue();
            Await.until(() -> watcher.ended() != null, "the watcher to hear its stream end");
            assertThat(watcher.ended().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
            assertThat(watcher.ended().getDescription()).contains("shutting down");
        }
    }
}

package dev.overtone.clarify.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.memory.MemoryListener;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.Watcher;
import dev.overtone.proto.v1.MutinyClarifyServiceGrpc;
import dev.overtone.runtime.testing.ConfigProfile;
import dev.overtone.runtime.testing.Readiness;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * With warm-up on (as in production) and the first LISTEN held back: readiness is 503 and the gRPC health service says
 * NOT_SERVING while clarify-svc does not listen (its watches would all be refused UNAVAILABLE), after the memory's own
 * warm-up Recall is done; 200 and SERVING once it listens, and a watch then syncs. The embedding model is off here, so
 * the LISTEN is the only thing left to wait for.
 */
@QuarkusTest
@TestProfile(ListenReadinessTest.ListenHeld.class)
@QuarkusTestResource(EmbeddedPostgresResource.class)
class ListenReadinessTest {

    public static class ListenHeld extends ConfigProfile {
        public ListenHeld() {
            super(Map.of("overtone.clarify.warm-up.enabled", "true", "overtone.clarify.mapping.embedding.enabled", "false",
                    "overtone.clarify.memory.watch.listen-wait", "2m"), GatedMemoryListener.class);
        }
    }

    @Inject
    MemoryListener listener;

    @GrpcClient("clarify")
    MutinyClarifyServiceGrpc.MutinyClarifyServiceStub clarify;

    @Test
    void notReadyUntilTheMemoryListensThenReady() throws InterruptedException {
        assertThat(listener.listening()).isFalse();
        assertThat(listener.awaitFirstListen(Duration.ofMillis(50))).as("the wait is bounded").isFalse();
        assertThat(GatedMemoryListener.AWAITED.await(90, TimeUnit.SECONDS)).as("the warm-up's Recall done, it waits for the LISTEN").isTrue();
        assertThat(WarmUpReadinessTest.grpcHealth()).as("the gRPC health service before the LISTEN").isEqualTo(ServingStatus.NOT_SERVING);

        Readiness.assertReadyOnlyAfterWarmUp("clarify-svc", GatedMemoryListener.GATE::countDown);

        assertThat(listener.listening()).isTrue();
        assertThat(WarmUpReadinessTest.grpcHealth()).as("the gRPC health service once listening").isEqualTo(ServingStatus.SERVING);
        try (Watcher watcher = new Watcher(clarify, listener)) {
            watcher.awaitSynced();
        }
    }
}

package dev.overtone.clarify.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.runtime.testing.ConfigProfile;
import dev.overtone.runtime.testing.Readiness;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * With warm-up on (as in production): readiness is 503 and the gRPC health service says NOT_SERVING (so callers that
 * check health send no call) until the embedding model has matched once; 200 and SERVING after.
 */
@QuarkusTest
@TestProfile(WarmUpReadinessTest.WarmUpOn.class)
@QuarkusTestResource(EmbeddedPostgresResource.class)
class WarmUpReadinessTest {

    public static class WarmUpOn extends ConfigProfile {
        public WarmUpOn() {
            super(Map.of("overtone.clarify.warm-up.enabled", "true"), GatedEmbeddingMatcher.class);
        }
    }

    @Test
    void notReadyUntilWarmedUpThenReady() throws InterruptedException {
        assertThat(grpcHealth()).as("the gRPC health service while the warm-up runs").isEqualTo(ServingStatus.NOT_SERVING);

        Readiness.assertReadyOnlyAfterWarmUp("clarify-svc", GatedEmbeddingMatcher.GATE::open);

        assertThat(grpcHealth()).as("the gRPC health service once warm").isEqualTo(ServingStatus.SERVING);
    }

    /** What the gRPC health service says for the whole server (service ""), as a caller's health check asks it. */
    static ServingStatus grpcHealth() throws InterruptedException {
        int port = ConfigProvider.getConfig().getValue("quarkus.grpc.server.test-port", Integer.class);
        ManagedChannel channel = ManagedChannelBuilder.forAddress("localhost", port).usePlaintext().build();
        try {
            return HealthGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS)
                    .check(HealthCheckRequest.newBuilder().setService("").build()).getStatus();
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}

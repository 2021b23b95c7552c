package dev.overtone.runtime.health;

import static org.assertj.core.api.Assertions.assertThat;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import io.quarkus.grpc.runtime.health.GrpcHealthStorage;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The gRPC health statuses while the warm-up runs: Quarkus's SERVING kept back until it is done, a drain's NOT_SERVING at once. */
class WarmServingTest {

    private static final String SERVICE = "overtone.v1.ClarifyService";

    private final AtomicBoolean warming = new AtomicBoolean(true);
    private final WarmServing health = new WarmServing(warming::get);

    @Test
    void servingIsKeptBackUntilTheWarmUpIsDone() {
        health.setStatus(GrpcHealthStorage.DEFAULT_SERVICE_NAME, ServingStatus.SERVING); // as Quarkus does once its server listens
        health.setStatus(SERVICE, ServingStatus.SERVING);

        assertThat(status("")).isEqualTo(ServingStatus.NOT_SERVING);
        assertThat(status(SERVICE)).isEqualTo(ServingStatus.NOT_SERVING);

        warming.set(false);
        health.warm();

        assertThat(status("")).isEqualTo(ServingStatus.SERVING);
        assertThat(status(SERVICE)).isEqualTo(ServingStatus.SERVING);
    }

    @Test
    void aDrainDuringTheWarmUpWins() {
        health.setStatus("", ServingStatus.SERVING);
        health.setStatus("", ServingStatus.NOT_SERVING); // the drain, on SIGTERM

        warming.set(false);
        health.warm();

        assertThat(status("")).isEqualTo(ServingStatus.NOT_SERVING);
    }

    @Test
    void withoutAWarmUpPendingServingAppliesAtOnce() {
        warming.set(false);

        health.setStatus("", ServingStatus.SERVING);

        assertThat(status("")).isEqualTo(ServingStatus.SERVING);
    }

    @Test
    void withoutAWarmUpServingIsKeptBackUntilQuarkusHasStarted() {
        WarmServing starting = new WarmServing(() -> false, false);

        starting.setStatus("", ServingStatus.SERVING); // the gRPC server listens; the rest of the start still runs
        assertThat(starting.statusForService("").getStatus()).isEqualTo(ServingStatus.NOT_SERVING);

        starting.started();
        assertThat(starting.statusForService("").getStatus()).isEqualTo(ServingStatus.SERVING);
    }

    @Test
    void aWarmUpStillPendingWhenQuarkusHasStartedKeepsServingBack() {
        WarmServing starting = new WarmServing(warming::get, false);
        starting.setStatus("", ServingStatus.SERVING);

        starting.started();
        assertThat(starting.statusForService("").getStatus()).isEqualTo(ServingStatus.NOT_SERVING);

        warming.set(false);
        starting.warm();
        assertThat(starting.statusForService("").getStatus()).isEqualTo(ServingStatus.SERVING);
    }

    private ServingStatus status(String service) {
        return health.statusForService(service).getStatus();
    }
}

package dev.overtone.runtime.health;

import static org.assertj.core.api.Assertions.assertThat;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A service's warm-up readiness as a service subclasses it: at start the warm-up runs on its own thread, readiness is
 * DOWN and the gRPC health service NOT_SERVING until it has finished, then both serve; switched off, it runs nothing and
 * serves at once.
 */
class WarmUpReadinessTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicBoolean enabled = new AtomicBoolean(true);
    private final WarmUpReadiness readiness = new WarmUpReadiness("example", enabled::get, this::heldWarmUp) { };
    private final WarmServing grpcHealth = new WarmServing(readiness::warming);

    /** A warm-up that finishes when the test lets it. */
    private void heldWarmUp() {
        runs.incrementAndGet();
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @AfterEach
    void letAnyWarmUpFinish() {
        release.countDown();
    }

    private void start() {
        readiness.onStart(null, grpcHealth);
        grpcHealth.setStatus("", ServingStatus.SERVING); // as Quarkus does once its gRPC server listens
    }

    private ServingStatus grpcStatus() {
        return grpcHealth.statusForService("").getStatus();
    }

    @Test
    void readinessAndGrpcHealthWaitForTheWarmUpThatRunsOnItsOwnThread() {
        start();

        Awaitility.await("the warm-up running").atMost(WAIT).until(() -> runs.get() == 1);
        assertThat(readiness.warming()).isTrue();
        assertThat(readiness.call().getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
        assertThat(grpcStatus()).isEqualTo(ServingStatus.NOT_SERVING);

        release.countDown();

        Awaitility.await("the gRPC health service serving once the warm-up is done").atMost(WAIT)
                .until(() -> grpcStatus() == ServingStatus.SERVING);
        assertThat(readiness.warming()).isFalse();
        assertThat(readiness.call().getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        assertThat(readiness.call().getName()).isEqualTo("example");
    }

    @Test
    void switchedOffItRunsNothingAndServesAtOnce() {
        enabled.set(false);

        start();

        assertThat(readiness.warming()).isFalse();
        assertThat(readiness.call().getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        assertThat(grpcStatus()).isEqualTo(ServingStatus.SERVING);
        assertThat(runs).hasValue(0);
    }
}

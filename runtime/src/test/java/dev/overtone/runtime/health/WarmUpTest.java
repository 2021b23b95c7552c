package dev.overtone.runtime.health;

import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WarmUpTest {

    @Test
    void downUntilTheTaskHasRunThenUp() {
        WarmUp warmUp = new WarmUp("x warm-up");
        assertThat(warmUp.check().getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
        warmUp.run(() -> { });
        HealthCheckResponse r = warmUp.check();
        assertThat(r.getName()).isEqualTo("x warm-up");
        assertThat(r.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        assertThat(r.getData().orElseThrow()).containsEntry("phase", "done");
    }

    @Test
    void aFailureStaysVisibleWithItsReason() {
        WarmUp warmUp = new WarmUp("x warm-up");
        warmUp.run(() -> {
            throw new IllegalStateException("model file missing");
        });
        HealthCheckResponse r = warmUp.check();
        assertThat(r.getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
        assertThat(r.getData().orElseThrow()).containsEntry("phase", "failed").containsEntry("detail", "warm-up failed: model file missing");
    }

    @Test
    void disabledIsReady() {
        WarmUp warmUp = new WarmUp("x warm-up");
        warmUp.disable();
        assertThat(warmUp.check().getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        assertThat(warmUp.check().getData().orElseThrow()).containsEntry("phase", "disabled");
    }

    @Test
    void aDegradedWarmUpServesAndSaysWhy() {
        WarmUp warmUp = new WarmUp("x warm-up");
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        warmUp.start(() -> {
            throw new WarmUp.Degraded("scratch database unusable");
        }, () -> done.set(true));
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).until(() -> !warmUp.pending());
        HealthCheckResponse r = warmUp.check();
        assertThat(r.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        assertThat(r.getData().orElseThrow()).containsEntry("phase", "degraded")
                .containsEntry("detail", "warm-up degraded: scratch database unusable");
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).untilTrue(done);
    }
}

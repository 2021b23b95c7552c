package dev.overtone.executor.health;

import dev.overtone.runtime.testing.ConfigProfile;
import dev.overtone.runtime.testing.Readiness;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The warm-up's scratch database cannot be written (its directory is a device file): the service still becomes ready,
 * its warm-up "degraded" with the reason.
 */
@QuarkusTest
@TestProfile(DegradedWarmUpTest.ScratchUnusable.class)
class DegradedWarmUpTest {

    public static class ScratchUnusable extends ConfigProfile {
        public ScratchUnusable() {
            super(Map.of("overtone.executor.warm-up.enabled", "true", "overtone.executor.warm-up.budget", "120s",
                    "overtone.executor.warm-up.scratch-dir", "/dev/null"));
        }
    }

    @Test
    void readyWithTheDegradationNamed() throws InterruptedException {
        Response ready = Readiness.await(200, Duration.ofSeconds(90));
        assertThat(ready.statusCode()).as(ready.asString()).isEqualTo(200);
        assertThat(Readiness.warmUpPhase(ready, "executor-svc")).isEqualTo("degraded");
        assertThat(ready.jsonPath().getString("checks.find { it.name == 'executor-svc warm-up' }.data.detail"))
                .startsWith("warm-up degraded: SQLite not warmed, its scratch database cannot be written under /dev/null");
    }
}

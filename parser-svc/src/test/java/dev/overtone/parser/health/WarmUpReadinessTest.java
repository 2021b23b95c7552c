package dev.overtone.parser.health;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import dev.overtone.runtime.testing.ConfigProfile;
import dev.overtone.runtime.testing.Readiness;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * With warm-up on (as in production): readiness is 503 until the real warm-up has run, 200 after, and
 * the warm-up's calls went through the service's own gRPC server as a client's would.
 */
@QuarkusTest
@TestProfile(WarmUpReadinessTest.WarmUpOn.class)
class WarmUpReadinessTest {

    public static class WarmUpOn extends ConfigProfile {
        public WarmUpOn() {
            // a budget no loaded machine reaches, so both rounds run
            super(Map.of("overtone.parser.warm-up.enabled", "true", "overtone.parser.warm-up.rounds", "2",
                    "overtone.parser.warm-up.budget", "120s"), GatedWarmUpExample.class);
        }
    }

    @Test
    void notReadyUntilWarmedUpThenReady() throws InterruptedException {
        Readiness.assertReadyOnlyAfterWarmUp("parser-svc", GatedWarmUpExample.GATE::open);

        String metrics = given().get("/q/metrics").asString();
        assertThat(metrics).as("the example's VariantsBatch, then 2 rounds of interpreter-svc's shape")
                .containsPattern("grpc_server_processing_duration_seconds_count\\{method=\"VariantsBatch\",[^}]*statusCode=\"OK\"} 3\\.0");
        for (String rpc : List.of("Analyze", "AnalyzeBatch", "Verbalize")) {
            assertThat(metrics).as("the warm-up's %s went through the gRPC server", rpc)
                    .containsPattern("grpc_server_processing_duration_seconds_count\\{method=\"" + rpc + "\",[^}]*statusCode=\"OK\"} 1\\.0");
        }
    }
}

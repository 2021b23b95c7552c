package dev.overtone.parser.health;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import dev.overtone.runtime.testing.Readiness;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * With warm-up on (as in production): readiness is 503 until the real warm-up has run, 200 after, and
 * the warm-up's calls went through the service's own gRPC server as a client's would.
 */
@QuarkusTest
@TestProfile(WarmUpReadinessTest.WarmUpOn.class)
class WarmUpReadinessTest {

    public static class WarmUpOn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("overtone.parser.warm-up.enabled", "true");
        }

        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(GatedWarmUpExample.class);
        }
    }

    @Test
    void notReadyUntilWarmedUpThenReady() throws InterruptedException {
        Response before = given().get("/q/health/ready");
        assertThat(before.statusCode()).isEqualTo(503);
        assertThat(before.jsonPath().getString("checks.find { it.name == 'parser-svc warm-up' }.status")).isEqualTo("DOWN");
        given().get("/q/health/live").then().statusCode(200);

        GatedWarmUpExample.GATE.countDown();

        Response after = Readiness.await(200, Duration.ofSeconds(90));
        assertThat(after.statusCode()).isEqualTo(200);
        assertThat(after.jsonPath().getString("checks.find { it.name == 'parser-svc warm-up' }.data.phase")).isEqualTo("done");
        String metrics = given().get("/q/metrics").asString();
        for (String rpc : List.of("Analyze", "AnalyzeBatch", "VariantsBatch", "Verbalize")) {
            assertThat(metrics).as("the warm-up's %s went through the gRPC server", rpc)
                    .containsPattern("grpc_server_processing_duration_seconds_count\\{method=\"" + rpc + "\",[^}]*statusCode=\"OK\"} 1\\.0");
        }
    }
}

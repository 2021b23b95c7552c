package dev.overtone.infill.health;

import dev.overtone.infill.grpc.FakeParser;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import dev.overtone.runtime.testing.Readiness;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * With warm-up on (as in production): readiness waits for one Infill of the built-in example, sent
 * through this service's own gRPC server, which calls parser-svc (here the recorded fake, in-process).
 */
@QuarkusTest
@TestProfile(WarmUpReadinessTest.WarmUpOn.class)
class WarmUpReadinessTest {

    public static class WarmUpOn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("overtone.infill.warm-up.enabled", "true");
        }
    }

    @AfterEach
    void everyParserCallAnsweredFromARecording() {
        FakeParser.assertEveryCallRecorded();
    }

    @Test
    void readyOnceTheExampleWentThroughTheGrpcServerAndParserSvc() throws InterruptedException {
        Response ready = Readiness.await(200, Duration.ofSeconds(90));

        assertThat(ready.statusCode()).as(ready.asString()).isEqualTo(200);
        assertThat(ready.jsonPath().getString("checks.find { it.name == 'infill-svc warm-up' }.data.phase")).isEqualTo("done");
        String metrics = given().get("/q/metrics").asString();
        assertThat(metrics).as("the warm-up's Infill went through the gRPC server")
                .containsPattern("grpc_server_processing_duration_seconds_count\\{method=\"Infill\",[^}]*statusCode=\"OK\"} 1\\.0");
        assertThat(metrics).as("and reached parser-svc with its batch calls")
                .containsPattern("grpc_client_processing_duration_seconds_count\\{method=\"AnalyzeBatch\",[^}]*statusCode=\"OK\"} 1\\.0")
                .containsPattern("grpc_client_processing_duration_seconds_count\\{method=\"VariantsBatch\",[^}]*statusCode=\"OK\"} 1\\.0");
    }
}

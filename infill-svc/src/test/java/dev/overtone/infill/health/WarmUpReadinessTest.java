package dev.overtone.infill.health;

import dev.overtone.infill.grpc.FakeParser;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import dev.overtone.runtime.testing.ConfigProfile;
import dev.overtone.runtime.testing.Readiness;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

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

    public static class WarmUpOn extends ConfigProfile {
        public WarmUpOn() {
            super(Map.of("overtone.infill.warm-up.enabled", "true"));
        }
    }

    @AfterEach
    void everyParserCallAnsweredFromARecording() {
        FakeParser.assertEveryCallRecorded();
    }

    @Test
    void readyOnceTheExampleWentThroughTheGrpcServerAndParserSvc() throws InterruptedException {
        Readiness.assertReadyAndWarm("infill-svc");

        String metrics = given().get("/q/metrics").asString();
        assertThat(metrics).as("the warm-up's Infill went through the gRPC server")
                .containsPattern("grpc_server_processing_duration_seconds_count\\{method=\"Infill\",[^}]*statusCode=\"OK\"} 1\\.0");
        assertThat(metrics).as("and reached parser-svc with its batch calls")
                .containsPattern("grpc_client_processing_duration_seconds_count\\{method=\"AnalyzeBatch\",[^}]*statusCode=\"OK\"} 1\\.0")
                .containsPattern("grpc_client_processing_duration_seconds_count\\{method=\"VariantsBatch\",[^}]*statusCode=\"OK\"} 1\\.0");
    }
}

package dev.overtone.infill.health;

import dev.overtone.infill.client.InfillModel;
import dev.overtone.infill.grpc.FakeVllm;
import dev.overtone.infill.grpc.ModelProfile;
import dev.overtone.runtime.testing.FakeOpenAiEndpoint;
import dev.overtone.runtime.testing.Readiness;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The readiness check as /q/health/ready serves it, with the model up (answering) and down (failing until its circuit
 * opens): ready either way, since Infill answers degraded rather than not at all, with what it depends on as data.
 */
@QuarkusTest
@TestProfile(ModelProfile.class)
class InfillReadinessTest {
    private static final Duration BOUND = Duration.ofSeconds(30);

    @Inject
    InfillModel model;
    @Inject
    CircuitBreakerMaintenance circuits;
    @ConfigProperty(name = "overtone.infill.model.base-url")
    String modelUrl;

    @AfterEach
    void reset() {
        FakeVllm.server().resetAll();
        circuits.resetAll();
    }

    private static Map<String, String> checkData(Response ready) {
        assertThat(ready.jsonPath().getString("status")).isEqualTo("UP");
        assertThat(ready.jsonPath().getString("checks.find { it.name == 'infill strategies' }.status")).isEqualTo("UP");
        return ready.jsonPath().getMap("checks.find { it.name == 'infill strategies' }.data");
    }

    @Test
    void withTheModelUpItIsReadyAndNamesTheModelItsCircuitClosedAndParserSvc() throws InterruptedException {
        FakeOpenAiEndpoint.answerEveryCall(FakeVllm.server(), 200, FakeOpenAiEndpoint.completion("x"));

        Map<String, String> data = checkData(Readiness.await(200, BOUND));

        assertThat(data).containsEntry("model", "configured " + modelUrl + " model ambrosia-infill")
                .containsEntry("model circuit", "CLOSED");
        assertThat(data.get("parser-svc")).matches("\\S+:\\d+ (IDLE|CONNECTING|READY|TRANSIENT_FAILURE|SHUTDOWN|UNKNOWN)");
    }

    @Test
    void withTheModelDownItStaysReadyAndSaysItsCircuitIsOpen() throws InterruptedException {
        FakeOpenAiEndpoint.answerEveryCall(FakeVllm.server(), 400, "{\"error\":\"no such adapter\"}");
        for (int i = 0; i < 4; i++) { // a fresh app's first call may time out instead: a failure all the same
            model.complete("p").onFailure().recoverWithItem("").await().atMost(BOUND);
        }

        Map<String, String> data = checkData(Readiness.await(200, BOUND));

        assertThat(data).containsEntry("model circuit", "OPEN");
    }
}

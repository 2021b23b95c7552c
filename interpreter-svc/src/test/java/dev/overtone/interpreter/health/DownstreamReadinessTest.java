package dev.overtone.interpreter.health;

import dev.overtone.interpreter.client.ServedDownstreams;
import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.runtime.testing.ConfigStub;
import dev.overtone.runtime.testing.FreePort;
import org.awaitility.Awaitility;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Readiness over real gRPC channels: executor-svc unreachable is not ready; the others only reported. */
class DownstreamReadinessTest {
    private ServedDownstreams served;

    @AfterEach
    void stop() throws InterruptedException {
        served.close();
    }

    @Test
    void everyDownstreamIsReportedAndTheLlmSaidAsConfiguredOrNot() throws Exception {
        served = ServedDownstreams.serving();
        DownstreamReadiness readiness = readiness(Optional.of("http://llm:8000/v1"));

        HealthCheckResponse response = readiness.call();

        assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        Map<String, Object> data = response.getData().orElseThrow();
        assertThat(data).containsOnlyKeys("executor-svc", "parser-svc", "infill-svc", "clarify-svc", "llm");
        assertThat(data.get("llm")).isEqualTo("configured http://llm:8000/v1");
        assertThat(readiness(Optional.empty()).call().getData().orElseThrow().get("llm")).isEqualTo("not configured (caller SQL only)");
    }

    @Test
    void anUnreachableExecutorSvcIsNotReady() throws Exception {
        served = ServedDownstreams.executorAt(FreePort.take());
        DownstreamReadiness readiness = readiness(Optional.empty());

        Awaitility.await().atMost(Duration.ofSeconds(20))
                .until(() -> readiness.call().getStatus() == HealthCheckResponse.Status.DOWN);
        assertThat(readiness.call().getData().orElseThrow().get("executor-svc")).asString().endsWith("TRANSIENT_FAILURE");
    }

    /** parser-svc, infill-svc or clarify-svc down only degrade answers: said, not judged. */
    @Test
    void unreachableOtherServicesAreReportedButStillReady() throws Exception {
        served = ServedDownstreams.othersAt(FreePort.take());
        DownstreamReadiness readiness = readiness(Optional.empty());

        Awaitility.await().atMost(Duration.ofSeconds(20))
                .until(() -> String.valueOf(readiness.call().getData().orElseThrow().get("parser-svc")).endsWith("TRANSIENT_FAILURE"));
        HealthCheckResponse response = readiness.call();
        assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        assertThat(response.getData().orElseThrow().get("clarify-svc")).asString().endsWith("TRANSIENT_FAILURE");
    }

    private DownstreamReadiness readiness(Optional<String> llm) {
        DownstreamReadiness readiness = new DownstreamReadiness();
        readiness.downstreams = served.downstreams();
        readiness.config = ConfigStub.of(InterpreterConfig.class,
                Map.of("llm", ConfigStub.of(InterpreterConfig.Llm.class, Map.of("baseUrl", llm))));
        return readiness;
    }
}

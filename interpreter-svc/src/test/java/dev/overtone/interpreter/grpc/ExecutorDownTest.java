package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import dev.overtone.runtime.testing.Readiness;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A refused connection to executor-svc: UNAVAILABLE naming it, inside the caller's deadline; readiness is DOWN (503) with it. */
@QuarkusTest
@TestProfile(ExecutorDownProfile.class)
class ExecutorDownTest {
    @GrpcClient("interpreter")
    InterpreterServiceGrpc.InterpreterServiceBlockingStub interpreter;

    @Test
    void interpretAnswersUnavailableNamingExecutor() throws InterruptedException {
        InterpretRequest request = InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setQuestion("return the rating of each hotel").addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS)).build();
        // the first call of a fresh app may spend seconds starting up (models, first connections): the contract is the
        // status, and the second call, warm, must bring it inside a 3 s deadline
        for (int deadlineSeconds : new int[] {30, 3}) {
            assertThatThrownBy(() -> interpreter.withDeadlineAfter(deadlineSeconds, TimeUnit.SECONDS).interpret(request))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
                        assertThat(e.getStatus().getDescription()).startsWith("executor-svc is unavailable at localhost:1");
                    });
        }
        Response ready = Readiness.await(503, Duration.ofSeconds(15));
        assertThat(ready.statusCode()).as(ready.asString()).isEqualTo(503);
        assertThat(ready.jsonPath().getString("status")).isEqualTo("DOWN");
        assertThat(ready.jsonPath().getString("checks.find { it.name == 'downstream services' }.status")).isEqualTo("DOWN");
        assertThat(ready.jsonPath().getString("checks.find { it.name == 'downstream services' }.data.'executor-svc'"))
                .isEqualTo("localhost:1 TRANSIENT_FAILURE");
    }
}

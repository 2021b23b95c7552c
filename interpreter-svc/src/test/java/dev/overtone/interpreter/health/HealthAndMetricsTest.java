package dev.overtone.interpreter.health;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.fake.Scenario;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/** Health (with downstream state as data) and Prometheus metrics over HTTP. */
@QuarkusTest
class HealthAndMetricsTest {
    @GrpcClient("interpreter")
    InterpreterServiceGrpc.InterpreterServiceBlockingStub interpreter;

    @Test
    void readinessReportsEveryDownstream() {
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"))
                .body(containsString("executor-svc")).body(containsString("parser-svc"))
                .body(containsString("infill-svc")).body(containsString("clarify-svc"))
                .body(containsString("not configured"));
        given().when().get("/q/health/live").then().statusCode(200);
    }

    @Test
    void metricsCarryPerRpcTimers() {
        Scenario.reset();
        interpreter.interpret(InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setQuestion("return the rating of each hotel").addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS)).build());
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("grpc_server_processing_duration_seconds"))
                .body(containsString("Interpret"));
    }
}

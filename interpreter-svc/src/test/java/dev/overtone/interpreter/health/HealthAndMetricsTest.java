package dev.overtone.interpreter.health;

import dev.overtone.interpreter.fake.Fakes;
import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.runtime.testing.ScrapedMetrics;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/** Health (with downstream state as data) and Prometheus metrics over HTTP. */
@QuarkusTest
class HealthAndMetricsTest {
    /**
     * The labels of the interpreter's own server timer of Interpret. The test app also serves the fake downstreams
     * (server timers of other services' methods) and calls Interpret as a client (a client timer of the same method):
     * only the server timer with this service and method is the interpreter serving Interpret.
     */
    private static final String[] INTERPRET = {"service=\"overtone.v1.InterpreterService\"", "method=\"Interpret\""};

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
    void theServerTimerOfInterpretCountsEachCall() {
        Fakes fakes = Fakes.install();
        double before = ScrapedMetrics.sum(ScrapedMetrics.SERVED, INTERPRET);

        interpreter.interpret(InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setQuestion("return the rating of each hotel").addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS)).build());

        // recorded as the call closes, which may be just after the client has its answer
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(ScrapedMetrics.sum(ScrapedMetrics.SERVED, INTERPRET)).as("one more Interpret served").isEqualTo(before + 1));
        fakes.assertEveryCallRecorded();
    }
}

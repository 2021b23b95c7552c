package dev.overtone.parser.grpc;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

@QuarkusTest
class HealthAndMetricsTest {

    @Test
    void liveAndReady() {
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void prometheusMetrics() {
        given().get("/q/metrics").then().statusCode(200).body(containsString("jvm_"));
    }
}

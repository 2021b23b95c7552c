package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.execute;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class HealthAndMetricsTest {

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @Test
    void readyWithEachPostgresDatabasesReachabilityAsData() {
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.find { it.name == 'tenant-registry' }.data.'demo/hotels-pg'", equalTo("reachable"))
                .body("checks.find { it.name == 'tenant-registry' }.data.'lab/down-pg'", equalTo("unreachable"));
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void metricsCountStatementsRowsRefusalsAndTimeoutsPerTenant() {
        executor.execute(execute("demo", "hotels", "SELECT id FROM hotels"));
        try {
            executor.execute(execute("demo", "hotels", "DELETE FROM hotels"));
        } catch (StatusRuntimeException expected) {
            // counted as a refusal
        }
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("overtone_executor_statements_total{database=\"hotels\",tenant=\"demo\"}"))
                .body(containsString("overtone_executor_rows_total{database=\"hotels\",tenant=\"demo\"}"))
                .body(containsString("overtone_executor_refusals_total{rule=\"read-only-statement\",tenant=\"demo\"}"))
                .body(containsString("grpc_server_processing_duration_seconds"))
                .body(containsString("method=\"Execute\""));
    }
}

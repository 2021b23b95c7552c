package dev.overtone.executor.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.junit.jupiter.api.Test;

/**
 * Readiness with the test tenants (a real PostgreSQL, and tenant lab's database whose server is down): the service
 * stays UP, and each PostgreSQL database's reachability is reported beside it, SQLite files not probed.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class TenantRegistryReadinessTest {
    @Inject
    @Readiness
    TenantRegistryReadiness readiness;

    @Test
    void aDatabaseDownIsReportedUnreachableAndTheServiceStaysUp() {
        HealthCheckResponse response = readiness.call().await().atMost(Duration.ofSeconds(30));

        assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
        Map<String, Object> data = response.getData().orElseThrow();
        assertThat(data).containsEntry("demo/hotels-pg", "reachable").containsEntry("other/crm-pg", "reachable")
                .containsEntry("lab/down-pg", "unreachable");
        assertThat(data).doesNotContainKeys("demo/hotels", "other/crm", "lab/hotels-copy");
        assertThat(((Number) data.get("tenant-databases")).intValue()).isGreaterThanOrEqualTo(7);
    }
}

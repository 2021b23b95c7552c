package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.CallLimits;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Table;
import io.grpc.Status;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL engine on the demo tenant's database as its reader role: wide cells cut and rows past the cap left
 * out, a statement without columns and a plan read as they are, the tenant's schema described, and a database that
 * is down said as unavailable.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class PostgresEngineTest {
    @Inject
    PostgresEngine engine;
    @Inject
    TenantRegistry registry;

    @Test
    void aWideCellIsCutAndRowsPastTheCapAreLeftOut() {
        QueryResult result = run("SELECT name, stars FROM hotels ORDER BY id", false, CallLimits.capped(3, 4));

        assertThat(result.columns()).extracting(ResultColumn::getName).containsExactly("name", "stars");
        assertThat(result.rows()).hasSize(3);
        assertThat(result.rows().get(0).getCells(0).getText()).isEqualTo("Gran");
        assertThat(result.rows().get(0).getCells(1).getText()).isEqualTo("5");
        assertThat(result.truncatedBy()).containsExactlyInAnyOrder(Truncation.MAX_ROWS, Truncation.MAX_CELL_BYTES);

        QueryResult whole = run("SELECT name FROM hotels WHERE stars = 5 ORDER BY id", false, CallLimits.capped(10, 100));
        assertThat(whole.rows()).extracting(row -> row.getCells(0).getText()).containsExactly("Grand Plaza", "Royal Garden");
        assertThat(whole.truncated()).isFalse();
    }

    @Test
    void aStatementWithoutColumnsAndAPlanAreReadAsTheyAre() {
        QueryResult bare = run("SELECT FROM hotels", false, CallLimits.capped(100, 100));
        assertThat(bare.columns()).isEmpty();
        assertThat(bare.rows()).hasSize(8).allMatch(row -> row.getCellsCount() == 0);

        QueryResult plan = run("EXPLAIN SELECT name FROM hotels WHERE id = 2", true, CallLimits.capped(100, 1_000));
        assertThat(plan.columns()).extracting(ResultColumn::getName).containsExactly("QUERY PLAN");
        assertThat(plan.rows().get(0).getCells(0).getText()).contains("hotels");
    }

    @Test
    void theTenantsSchemaIsDescribedAndADatabaseThatIsDownIsUnavailable() {
        List<Table> tables = engine.describe(demo(), 1, 100, Duration.ofSeconds(10)).await().atMost(Duration.ofSeconds(30));
        assertThat(tables).extracting(Table::getName).contains("hotels", "reviews").allMatch(name -> !name.startsWith("pg_"));
        engine.ping(demo(), Duration.ofSeconds(5)).await().atMost(Duration.ofSeconds(10));

        TenantDatabase down = registry.lookup("lab", "down-pg");
        SandboxException unavailable = catchThrowableOfType(SandboxException.class,
                () -> engine.ping(down, Duration.ofSeconds(5)).await().atMost(Duration.ofSeconds(10)));
        assertThat(unavailable.code()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(unavailable).hasMessageContaining("lab/down-pg");
    }

    private QueryResult run(String sql, boolean plan, ExecutionLimits limits) {
        return engine.execute(demo(), sql, plan, limits).await().atMost(Duration.ofSeconds(30));
    }

    private TenantDatabase demo() {
        return PostgresTenant.DEMO.in(registry);
    }
}

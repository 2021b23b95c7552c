package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The statements a PostgreSQL connection keeps prepared outlive the session reset (which removes every other kind
 * of state, SessionResetTest), and nothing a caller does to them reaches a later call: a caller that deallocates
 * them costs the next call on that connection nothing but a new prepare. The policy is bypassed, as there.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class KeptStatementsTest {
    private static final String NAMES = "SELECT name FROM hotels ORDER BY name";
    private static final String KEPT_WRAPPERS = "SELECT count(*) FROM pg_catalog.pg_prepared_statements"
            + " WHERE NOT from_sql AND statement LIKE '%overtone_capped%hotels ORDER BY name%'"
            + " AND statement NOT LIKE '%pg_prepared_statements%'"; // not this statement itself

    @Inject
    TenantRegistry registry;

    @Inject
    PostgresEngine postgres;

    @ConfigProperty(name = "overtone.executor.pool.max-size")
    int poolSize;

    @Test
    void aRepeatedStatementsWrapperStaysPreparedOnItsConnectionAfterTheReset() {
        List<String> seen = new ArrayList<>();
        for (int call = 0; call < poolSize * 3; call++) {
            run(NAMES, false);
            seen.add(run(KEPT_WRAPPERS, true).rows().get(0).getCells(0).getText());
        }
        assertThat(seen).as("the wrapper, kept by an earlier call on the connection, is still on the server")
                .contains("1").doesNotContain("2");
    }

    @Test
    void aCallerThatDeallocatesTheKeptStatementsBreaksNoLaterCall() {
        List<String> expected = names(run(NAMES, false));
        for (int call = 0; call < poolSize * 2; call++) {
            run(NAMES, false);
        }
        for (int call = 0; call < poolSize * 2; call++) {
            run("DEALLOCATE ALL", true);
            assertThat(names(run(NAMES, false))).as("call %d after a DEALLOCATE ALL", call).isEqualTo(expected);
        }
    }

    private QueryResult run(String sql, boolean plan) {
        TenantDatabase stateful = registry.lookup(PostgresTenant.STATEFUL.tenant(), PostgresTenant.STATEFUL.name());
        ExecutionLimits limits = new ExecutionLimits(5_000, System.nanoTime() + 5_000_000_000L, 100, 1_000_000, 100,
                65_536, 1_048_576);
        return postgres.execute(stateful, sql, plan, limits).await().atMost(Duration.ofSeconds(10));
    }

    private static List<String> names(QueryResult result) {
        return result.rows().stream().map(row -> row.getCells(0).getText()).toList();
    }
}

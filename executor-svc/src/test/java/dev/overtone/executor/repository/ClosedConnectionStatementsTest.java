package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The statements kept prepared on a PostgreSQL connection die with it: when the server ends the tenant's sessions
 * (as it does to a connection whose bomb it terminated), the pool replaces them, what the engine remembered of the
 * closed ones is swept once a new connection keeps a statement, and the same statements answer again on the fresh
 * connections (never bound to a statement of a dead session).
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class ClosedConnectionStatementsTest extends StatefulTenantCalls {
    private static final String NAMES = "SELECT name FROM hotels ORDER BY name";
    private static final String COUNTS = "SELECT stars, count(*) AS hotels FROM hotels GROUP BY stars ORDER BY stars";

    @Test
    void keptStatementsOfClosedConnectionsAreSweptAndTheStatementsAnswerOnFreshConnections() throws Exception {
        List<String> names = cells(run(NAMES));
        List<String> counts = cells(run(COUNTS));
        for (int call = 0; call < poolSize * 3; call++) {
            run(NAMES);
            run(COUNTS);
        }
        assertThat(postgres.closedConnectionsRemembered()).isZero();

        try (Connection admin = TenantDatabasesResource.admin(PostgresTenant.STATEFUL.database());
                Statement st = admin.createStatement()) {
            st.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '"
                    + PostgresTenant.STATEFUL.role() + "'");
        }
        // a call may still be handed a connection whose end the pool has not seen yet; a later one answers
        await("a call answers on a fresh connection").atMost(Duration.ofSeconds(10)).ignoreExceptions()
                .until(() -> cells(run(NAMES)).equals(names));
        for (int call = 0; call < poolSize * 3; call++) {
            assertThat(cells(run(NAMES))).as("call %d after the sessions ended", call).isEqualTo(names);
            assertThat(cells(run(COUNTS))).as("call %d after the sessions ended", call).isEqualTo(counts);
        }
        assertThat(postgres.closedConnectionsRemembered()).as("statements of closed connections still remembered")
                .isZero();
    }

    private QueryResult run(String sql) {
        return run(sql, false);
    }

    private static List<String> cells(QueryResult result) {
        return result.rows().stream().map(row -> row.getCellsList().stream()
                .map(dev.overtone.proto.v1.Cell::getText).toList().toString()).toList();
    }
}

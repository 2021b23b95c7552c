package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.support.CallLimits;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ResultColumn;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A statement read without the capped wrapper, on the demo tenant's PostgreSQL as its reader role: rows up to the
 * row cap (one more is fetched to know whether it cut), each cell cut by the executor, a plan read as rows.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class UncappedReadTest {
    @Inject
    Vertx vertx;

    private QueryResult read(String sql, int maxRows, int maxCellBytes) {
        ExecutionLimits limits = CallLimits.capped(maxRows, maxCellBytes);
        return DemoReaderConnection.with(vertx, connection -> UncappedRead.read(connection.prepare(sql), limits,
                System.nanoTime()).await().atMost(Duration.ofSeconds(30)));
    }

    @Test
    void rowsPastTheRowCapAreLeftOutAndNamedAndACapNotPassedCutsNothing() {
        QueryResult cut = read("VALUES (1), (2), (3)", 2, 100);
        assertThat(cut.rows()).hasSize(2);
        assertThat(cut.truncatedBy()).containsExactly(Truncation.MAX_ROWS);

        QueryResult whole = read("VALUES (1), (2), (3)", 3, 100);
        assertThat(whole.rows()).hasSize(3);
        assertThat(whole.truncated()).isFalse();
    }

    @Test
    void aWideCellIsCutToTheCellCapAndTheColumnsKeepTheirNames() {
        QueryResult result = read("SELECT 'abcdefghij' AS motto, 7 AS n", 10, 4);

        assertThat(result.columns()).extracting(ResultColumn::getName).containsExactly("motto", "n");
        assertThat(result.rows().get(0).getCells(0).getText()).isEqualTo("abcd");
        assertThat(result.rows().get(0).getCells(1).getText()).isEqualTo("7");
        assertThat(result.truncatedBy()).containsExactly(Truncation.MAX_CELL_BYTES);
    }

    @Test
    void aPlanIsReadAsRowsOfText() {
        QueryResult plan = read("EXPLAIN SELECT name FROM hotels", 100, 1_000);

        assertThat(plan.columns()).extracting(ResultColumn::getName).containsExactly("QUERY PLAN");
        assertThat(plan.rows()).isNotEmpty();
        assertThat(plan.rows().get(0).getCells(0).getText()).contains("hotels");
    }

    @Test
    void aStatementWithoutColumnsGivesItsRowsWithoutCells() {
        QueryResult result = read("SELECT FROM (VALUES (1), (2)) AS t(x)", 10, 100);

        assertThat(result.columns()).isEmpty();
        assertThat(result.rows()).hasSize(2).allMatch(row -> row.getCellsCount() == 0);
    }
}

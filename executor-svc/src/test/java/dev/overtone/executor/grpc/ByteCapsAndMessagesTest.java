package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.executor.support.OnEachEngine;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import dev.overtone.proto.v1.TruncationCause;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The per-cell, per-row and per-result byte caps hold on both engines (cells cut by the engine,
 * flagged with the cap that cut them), and refusals name the rule and the fix without parser
 * internals. Defaults: max-cell-bytes 65536, max-row-bytes 1048576, max_bytes 4 MiB.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class ByteCapsAndMessagesTest {
    private static final int CELL_CAP = 65_536;
    private static final int ROW_CAP = 1_048_576;

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @OnEachEngine
    void recursiveDoublingIsCutCellByCellWhileItIsRead(String database) {
        // below sqlite.max-length (1 MiB): a row of the recursion's queue holds a value of up to 2^19 bytes
        String sql = "WITH RECURSIVE s(x) AS (SELECT 'ab' UNION ALL SELECT x || x FROM s WHERE length(x) < 500000)"
                + " SELECT length(x), x FROM s";
        ExecuteResponse response = executor.execute(execute("demo", database, sql,
                Limits.newBuilder().setTimeoutMs(20_000).setMaxBytes(1_000_000).build()));
        assertThat(response.getTruncatedByList()).contains(TruncationCause.TRUNCATION_CAUSE_MAX_CELL_BYTES);
        assertThat(bytes(response)).isLessThanOrEqualTo(1_000_000);
        response.getRowsList().forEach(r -> assertThat(utf8(r.getCells(1))).isLessThanOrEqualTo(CELL_CAP));
        // the first cells are whole and typed; a cut cell's length column still says the real length
        assertThat(response.getRows(0).getCells(0).getText()).isEqualTo("2");
        assertThat(response.getRows(0).getCells(1).getText()).isEqualTo("ab");
        assertThat(response.getRows(18).getCells(0).getText()).isEqualTo(String.valueOf(2 << 18));
    }

    @OnEachEngine
    void theReportedUnboundedDoublingEndsWithABoundedOutcomeAndTheExecutorServesOn(String database) {
        String sql = "WITH RECURSIVE s(x) AS (SELECT 'ab' UNION ALL SELECT x || x FROM s) SELECT length(x), x FROM s";
        try {
            ExecuteResponse response = executor.execute(execute("demo", database, sql,
                    Limits.newBuilder().setTimeoutMs(3_000).build()));
            assertThat(response.getTruncated()).isTrue();
            assertThat(bytes(response)).isLessThanOrEqualTo(4 * 1024 * 1024);
        } catch (StatusRuntimeException e) {
            // the engine's own value limit (SQLite sqlite.max-length, PostgreSQL 1 GB), or the time limit
            assertThat(e.getStatus().getCode()).isIn(Status.Code.RESOURCE_EXHAUSTED, Status.Code.DEADLINE_EXCEEDED);
            assertThat(e.getStatus().getDescription()).isNotBlank();
        }
        assertThat(executor.execute(execute("demo", database, "SELECT count(*) FROM hotels")).getRows(0).getCells(0)
                .getText()).isEqualTo("8");
    }

    @OnEachEngine
    void aWideCellIsCutToTheCellCapAtACharacterBoundary(String database) {
        String sql = database.equals("hotels") ? "SELECT replace(hex(zeroblob(100000)), '0', '😀') AS wide, 1 AS n"
                : "SELECT repeat('😀', 200000) AS wide, 1 AS n";
        ExecuteResponse response = executor.execute(execute("demo", database, sql));
        Cell wide = response.getRows(0).getCells(0);
        assertThat(response.getTruncatedByList()).containsExactly(TruncationCause.TRUNCATION_CAUSE_MAX_CELL_BYTES);
        assertThat(utf8(wide)).isLessThanOrEqualTo(CELL_CAP).isGreaterThan(CELL_CAP / 2);
        assertThat(wide.getText()).matches("😀+");
        assertThat(response.getRows(0).getCells(1).getText()).isEqualTo("1");
    }

    @OnEachEngine
    void aWideRowSharesTheRowCapAmongItsTextCells(String database) {
        String cell = database.equals("hotels") ? "hex(zeroblob(30000))" : "repeat('ab', 30000)";
        String sql = "SELECT " + IntStream.rangeClosed(1, 20).mapToObj(i -> cell + " AS c" + i)
                .collect(Collectors.joining(", "));
        ExecuteResponse response = executor.execute(execute("demo", database, sql));
        assertThat(response.getTruncatedByList()).containsExactly(TruncationCause.TRUNCATION_CAUSE_MAX_ROW_BYTES);
        long row = response.getRows(0).getCellsList().stream().mapToLong(ByteCapsAndMessagesTest::utf8).sum();
        assertThat(row).isLessThanOrEqualTo(ROW_CAP).isGreaterThan(ROW_CAP / 2);
    }

    @OnEachEngine
    void manyRowsStopAtTheResultCap(String database) {
        String sql = database.equals("hotels")
                ? "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c LIMIT 5000) SELECT n, hex(zeroblob(5000)) FROM c"
                : "SELECT g, repeat('x', 10000) FROM generate_series(1, 5000) g";
        ExecuteResponse response = executor.execute(execute("demo", database, sql,
                Limits.newBuilder().setMaxRows(5000).setMaxBytes(2_000_000).build()));
        assertThat(response.getTruncatedByList()).containsExactly(TruncationCause.TRUNCATION_CAUSE_MAX_BYTES);
        assertThat(bytes(response)).isLessThanOrEqualTo(2_000_000).isGreaterThan(1_900_000);
        assertThat(response.getRows(0).getCells(0).getText()).isEqualTo("1");
    }

    @OnEachEngine
    void aTwoMegabyteStatementIsRefusedNamingTheLimit(String database) {
        String sql = "SELECT '" + "x".repeat(2_000_000) + "'";
        StatusRuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
                () -> executor.execute(execute("demo", database, sql)));
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).contains("2000009 characters").contains("100000")
                .contains("overtone.executor.policy.max-sql-length");
    }

    @Test
    void aRequestOverTheTransportLimitIsRefusedByTheTransport() {
        // above quarkus.grpc.server.max-inbound-message-size (4 MiB) the transport refuses before the policy
        String sql = "SELECT '" + "x".repeat(5_000_000) + "'";
        StatusRuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
                () -> executor.execute(execute("demo", "hotels", sql)));
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        System.out.println("transport refusal of a 5 MB request: " + e.getStatus());
    }

    @OnEachEngine
    void unparsableStatementsAreNamedWithoutParserInternals(String database) {
        for (String sql : new String[] {"SELECT FROM WHERE", "SELECT name FROM hotels WHERE", "SELECT (1",
                "SELECT * FROM hotels h JOIN reviews r", "SELECT 1 2 3 4 ATTACH"}) {
            try {
                executor.execute(execute("demo", database, sql));
            } catch (StatusRuntimeException e) {
                String message = e.getStatus().getDescription();
                assertThat(message).as(sql).isNotBlank().doesNotContain("net.sf").doesNotContain("Exception")
                        .doesNotContain("<K_").doesNotContain("jsqlparser").doesNotContain("Encountered");
            }
        }
    }

    @OnEachEngine
    void plainExplainOfAQueryRunsAndExplainAnalyzeIsRefused(String database) {
        ExecuteResponse plan = executor.execute(execute("demo", database, "EXPLAIN SELECT * FROM hotels WHERE stars > 3"));
        assertThat(plan.getRowsCount()).isPositive();
        StatusRuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(StatusRuntimeException.class,
                () -> executor.execute(execute("demo", database, "EXPLAIN ANALYZE SELECT * FROM hotels")));
        assertThat(e.getStatus().getCode()).isIn(Status.Code.PERMISSION_DENIED, Status.Code.INVALID_ARGUMENT);
    }

    @Test
    void theOwnCatalogShowsOnlyTheTenantsOwnSchema() {
        // the role sees its own schema and the catalogs every role may read, never another tenant's
        ExecuteResponse tables = executor.execute(execute("demo", "hotels-pg",
                "SELECT DISTINCT table_schema FROM information_schema.columns"));
        assertThat(tables.getRowsList()).extracting(r -> r.getCells(0).getText()).contains("demo_hotels")
                .doesNotContain("other_crm", "public");
        ExecuteResponse other = executor.execute(execute("demo", "hotels-pg",
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'other_crm'"));
        assertThat(other.getEmpty()).isTrue();
        ExecuteResponse sqlite = executor.execute(execute("demo", "hotels",
                "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"));
        assertThat(sqlite.getRowsList()).extracting(r -> r.getCells(0).getText()).contains("hotels", "reviews")
                .doesNotContain("customers");
    }

    private static long bytes(ExecuteResponse response) {
        return response.getRowsList().stream().flatMap(r -> r.getCellsList().stream())
                .mapToLong(ByteCapsAndMessagesTest::utf8).sum();
    }

    private static long utf8(Cell cell) {
        return cell.getText().getBytes(StandardCharsets.UTF_8).length;
    }
}

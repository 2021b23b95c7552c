package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.support.CallLimits;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The capped wrapper read through a cursor on the demo tenant's PostgreSQL as its reader role: batch after batch up to
 * the row cap, which is named when rows are left; no further batch once the caller has gone; cells cut; and the
 * statement kept prepared on its connection after it ran well.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class CappedReadTest {
    private static final String NAMES = "SELECT name, id FROM hotels ORDER BY id";
    /** So small that every batch is one row. */
    private static final long ONE_ROW = 1;

    @Inject
    DemoPostgres demo;

    private PostgresSessions sessions;

    /** What one read gave, and whether its statement was kept prepared on the connection after it. */
    private record Read(QueryResult result, boolean kept) {
    }

    @BeforeEach
    void open() {
        sessions = demo.sessions(Map.of());
    }

    @AfterEach
    void close() {
        sessions.close();
    }

    @Test
    void rowsComeBatchByBatchUpToTheRowCapWhichIsNamedWhenRowsAreLeft() throws Exception {
        Read cut = read(ONE_ROW, CallLimits.capped(5, 100), new AtomicBoolean());
        assertThat(cut.result().rows()).extracting(row -> row.getCells(0).getText())
                .containsExactly("Grand Plaza", "Harbour View", "Old Mill Inn", "Sunset Lodge", "City Budget");
        assertThat(cut.result().truncatedBy()).containsExactly(Truncation.MAX_ROWS);

        Read whole = read(ONE_ROW, CallLimits.capped(10, 100), new AtomicBoolean());
        assertThat(whole.result().rows()).hasSize(8);
        assertThat(whole.result().truncated()).isFalse();
    }

    @Test
    void aCallerThatHasGoneGetsNoFurtherBatch() throws Exception {
        assertThat(read(ONE_ROW, CallLimits.capped(8, 100), new AtomicBoolean(true)).result().rows()).hasSize(1);
    }

    @Test
    void aWideCellIsCutAndTheStatementIsKeptPreparedOnItsConnection() throws Exception {
        Read read = read(demo.config().limits().fetchBytes(), CallLimits.capped(8, 4), new AtomicBoolean());

        assertThat(read.result().rows().get(0).getCells(0).getText()).isEqualTo("Gran");
        assertThat(read.result().rows().get(0).getCells(1).getText()).isEqualTo("1");
        assertThat(read.result().truncatedBy()).containsExactly(Truncation.MAX_CELL_BYTES);
        assertThat(read.kept()).isTrue();
    }

    private Read read(long fetchBytes, ExecutionLimits limits, AtomicBoolean gone) throws Exception {
        CappedRead reader = new CappedRead(sessions, fetchBytes);
        CappedProjection capped = CappedProjection.postgres(NAMES, List.of("name", "id"), List.of("TEXT", "INT4"), limits::cellCut);
        return sessions.inReadOnlyTransaction(demo.database(), limits,
                new AtomicBoolean(), connection -> reader.read(connection, connection.prepare(capped.sql()), capped, limits,
                        System.nanoTime(), capped.sql(), gone)
                        .map(result -> new Read(result, sessions.statements().get(connection, capped.sql()) != null)))
                .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}

package dev.overtone.executor.repository;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Table;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * SQLite tenants through sqlite-jdbc, on worker threads, on the connections of {@link SqliteConnections}
 * (read-only, SQLite's limits, a progress handler that interrupts the statement when its deadline passes,
 * backed by sqlite3_interrupt from a timer). A connection whose statement outran its deadline is closed, not
 * reused. Every statement with columns runs inside the wrapper that cuts wide cells ({@link CappedProjection});
 * a statement seen before on the connection runs its kept wrapper ({@link KeptStatements}), neither described
 * nor prepared again.
 */
@ApplicationScoped
public class SqliteEngine implements TenantEngine {
    private static final long CANCEL_SLACK_MILLIS = 20;

    private final SqliteConnections connections;
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sqlite-deadline");
        t.setDaemon(true);
        return t;
    });

    public SqliteEngine(ExecutorConfig config) {
        this.connections = new SqliteConnections(config);
    }

    @Override
    public Uni<QueryResult> execute(TenantDatabase database, String sql, boolean plan, ExecutionLimits limits) {
        return Uni.createFrom().item(() -> executeBlocking(database, sql, plan, limits))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** Checks made once the statement's first row is stepped, while its read transaction is open. */
    private interface FirstStep {
        /** False when the result must not be used. */
        boolean holds() throws SQLException;
    }

    /** Whether the connection may serve the next statement: not if a deadline timer fired on it. */
    private static final class Use {
        boolean reusable = true;
    }

    /** The blocking body of {@link #execute}; public for the overhead benchmark. */
    public QueryResult executeBlocking(TenantDatabase database, String sql, boolean plan, ExecutionLimits limits) {
        Path path = database.sqlitePath().orElseThrow();
        Connection connection = connections.borrow(database, path);
        Use use = new Use();
        long started = System.nanoTime();
        StatementDeadline.set(limits.deadlineNanos());
        try {
            QueryResult result = plan ? runOnce(connection, sql, limits, started, use)
                    : runKept(connection, sql, limits, started, use);
            if (result == null && use.reusable) {
                result = runFirstSeen(connection, sql, limits, started, use);
            }
            if (limits.expired() || result == null) {
                throw SqliteErrors.deadline(database, limits);
            }
            return result;
        } catch (SQLException e) {
            use.reusable &= !(e instanceof SQLiteException s) || s.getResultCode() != SQLiteErrorCode.SQLITE_CANTOPEN;
            throw SqliteErrors.translate(database, e, limits, connections.limits());
        } finally {
            StatementDeadline.clear();
            // a statement that outran its limit may leave the connection interrupted or mid-way: a fresh one replaces it
            connections.giveBack(path, connection, use.reusable && !limits.expired());
        }
    }

    /**
     * The kept wrapper of a statement run before on this connection, if the file's schema is still the one it was
     * prepared under; null when there is none or it no longer holds.
     */
    private QueryResult runKept(Connection connection, String sql, ExecutionLimits limits, long started, Use use)
            throws SQLException {
        KeptStatements statements = connections.keptOn(connection);
        KeptStatements.Kept kept = statements.get(sql, limits::cellCut);
        if (kept == null) {
            return null;
        }
        QueryResult result;
        try {
            result = run(kept.statement(), kept.capped(), limits, started, use,
                    () -> statements.schemaVersion() == kept.schemaVersion());
        } catch (SQLException e) {
            if (statements.schemaVersion() == kept.schemaVersion()) {
                throw e;
            }
            result = null; // SQLite prepared it again on the changed schema, and it failed: prepared anew instead
        }
        if (result == null) {
            statements.forget(sql);
        }
        return result;
    }

    /** Describes the statement, prepares its wrapper, runs it and keeps it prepared when the schema held still. */
    private QueryResult runFirstSeen(Connection connection, String sql, ExecutionLimits limits, long started, Use use)
            throws SQLException {
        KeptStatements statements = connections.keptOn(connection);
        CappedProjection capped = capped(connection, sql, limits);
        if (capped == null) {
            return runOnce(connection, sql, limits, started, use);
        }
        if (!statements.keeps(sql)) {
            return runOnce(connection, capped.sql(), capped, limits, started, use);
        }
        int before = statements.schemaVersion();
        PreparedStatement statement = connection.prepareStatement(capped.sql());
        int[] after = {before - 1};
        try {
            QueryResult result = run(statement, capped, limits, started, use, () -> {
                after[0] = statements.schemaVersion();
                return true;
            });
            if (after[0] == before && use.reusable) {
                statements.keep(sql, capped, statement, before);
                statement = null;
            }
            return result;
        } finally {
            if (statement != null) {
                KeptStatements.closeQuietly(statement);
            }
        }
    }

    /** Prepared, run and closed: a statement without columns or an EXPLAIN (cells cut by the executor), or a wrapper. */
    private QueryResult runOnce(Connection connection, String sql, ExecutionLimits limits, long started, Use use)
            throws SQLException {
        return runOnce(connection, sql, null, limits, started, use);
    }

    private QueryResult runOnce(Connection connection, String sql, CappedProjection capped, ExecutionLimits limits,
            long started, Use use) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            return run(statement, capped, limits, started, use, () -> true);
        }
    }

    /** Runs the prepared statement under its deadline's timer and collects its rows (null if the first step refused them). */
    private QueryResult run(PreparedStatement statement, CappedProjection capped, ExecutionLimits limits,
            long started, Use use, FirstStep firstStep) throws SQLException {
        ScheduledFuture<?> cancel = timers.schedule(() -> cancelQuietly(statement),
                limits.remainingMillis() + CANCEL_SLACK_MILLIS, TimeUnit.MILLISECONDS);
        try (ResultSet rows = statement.executeQuery()) {
            boolean more = rows.next();
            if (!firstStep.holds()) {
                return null;
            }
            return capped == null ? SqliteRows.collect(rows, more, limits, started)
                    : SqliteRows.collectCapped(rows, more, capped, limits, started);
        } finally {
            // a timer that fired (or is firing) interrupts whatever the connection runs next: not reused
            use.reusable &= cancel.cancel(false);
        }
    }

    /**
     * The statement's columns (prepared, not run: SQLite plans without stepping) and the wrapper that
     * cuts wide cells inside SQLite, so a value is never materialised in the executor whole.
     */
    private static CappedProjection capped(Connection connection, String sql, ExecutionLimits limits)
            throws SQLException {
        List<String> names = new ArrayList<>();
        List<String> declared = new ArrayList<>();
        try (PreparedStatement probe = connection.prepareStatement(sql)) {
            ResultSetMetaData meta = probe.getMetaData();
            int width = meta.getColumnCount();
            if (width > limits.maxColumns()) {
                throw SandboxException.invalid("the result has " + width + " columns; the limit is "
                        + limits.maxColumns());
            }
            for (int i = 1; i <= width; i++) {
                names.add(meta.getColumnLabel(i));
                String type = meta.getColumnTypeName(i);
                declared.add("NULL".equalsIgnoreCase(type) ? "" : type);
            }
        }
        return names.isEmpty() ? null : CappedProjection.sqlite(sql, names, declared, limits::cellCut);
    }

    @Override
    public Uni<List<Table>> describe(TenantDatabase database, int samples, int sampleScanRows, Duration timeout) {
        return Uni.createFrom().item(() -> describeBlocking(database, samples, sampleScanRows, timeout))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private List<Table> describeBlocking(TenantDatabase database, int samples, int scanRows, Duration timeout) {
        Path path = database.sqlitePath().orElseThrow();
        Connection connection = connections.borrow(database, path);
        long deadline = System.nanoTime() + timeout.toNanos();
        StatementDeadline.set(deadline);
        try {
            return SqliteIntrospection.tables(connection, samples, scanRows);
        } catch (SQLException e) {
            throw SqliteErrors.translate(database, e, ExecutionLimits.introspection(timeout.toMillis(), deadline),
                    connections.limits());
        } finally {
            StatementDeadline.clear();
            connections.giveBack(path, connection, System.nanoTime() - deadline < 0);
        }
    }

    @Override
    public Uni<Void> ping(TenantDatabase database, Duration timeout) {
        return Uni.createFrom().<Void>item(() -> {
            Path path = database.sqlitePath().orElseThrow();
            connections.giveBack(path, connections.borrow(database, path), true);
            return null;
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /**
     * Closes the connections kept idle for {@code database}'s file: for a database taken out of the registry, whose
     * connections would otherwise hold places in the idle pool until newer ones pushed them out.
     */
    public void closeIdle(TenantDatabase database) {
        database.sqlitePath().ifPresent(connections::closeIdle);
    }

    /** Open connections kept for the next statements, of all files (for tests). */
    public int idleConnections() {
        return connections.idleConnections();
    }

    /** Capped statements kept prepared now (for tests). */
    int keptStatements() {
        return connections.keptStatements();
    }

    private static void cancelQuietly(Statement statement) {
        try {
            statement.cancel();
        } catch (SQLException | RuntimeException e) {
            // the statement has finished meanwhile
        }
    }

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    @PreDestroy
    void close() {
        timers.shutdownNow();
        connections.closeAll();
    }
}

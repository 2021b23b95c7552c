package dev.overtone.executor.repository;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Table;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.sqlite.ProgressHandler;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;
import org.sqlite.SQLiteOpenMode;

/**
 * SQLite tenants through sqlite-jdbc, on worker threads. Every connection is opened read-only
 * ({@code mode=ro}), with {@code query_only}, no ATTACH (SQLITE_LIMIT_ATTACHED = 0), no extension
 * loading, SQLite's limits ({@link SqliteConnectionLimits}: value size, LIKE pattern length, …), linear-time
 * replacements of the string functions that are quadratic inside one VM step ({@link LinearStringFunctions}),
 * and a progress handler that interrupts the statement when its deadline passes (registered once per connection,
 * reading the deadline of the statement its thread steps; backed by sqlite3_interrupt from a timer). A connection whose statement outran its deadline is closed, not reused.
 */
@ApplicationScoped
public class SqliteEngine implements TenantEngine {
    private static final long CANCEL_SLACK_MILLIS = 20;

    private final ExecutorConfig.Sqlite config;
    private final SqliteConnectionLimits connectionLimits;
    private final IdleConnections idle;
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sqlite-deadline");
        t.setDaemon(true);
        return t;
    });

    public SqliteEngine(ExecutorConfig config) {
        this.config = config.sqlite();
        this.connectionLimits = new SqliteConnectionLimits(config.sqlite());
        // a tenant runs at most bulkhead.max-concurrent statements at once, so one file never needs more idle
        this.idle = new IdleConnections(config.bulkhead().maxConcurrent(), config.sqlite().maxIdleConnections());
    }

    @Override
    public Uni<QueryResult> execute(TenantDatabase database, String sql, boolean plan, ExecutionLimits limits) {
        return Uni.createFrom().item(() -> executeBlocking(database, sql, plan, limits))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** The blocking body of {@link #execute}; public for the overhead benchmark. */
    public QueryResult executeBlocking(TenantDatabase database, String sql, boolean plan, ExecutionLimits limits) {
        Path path = database.sqlitePath().orElseThrow();
        Connection connection = borrow(database, path);
        boolean reusable = true;
        long started = System.nanoTime();
        StatementDeadline.set(limits.deadlineNanos());
        try {
            CappedProjection capped = plan ? null : capped(connection, sql, limits);
            try (PreparedStatement statement = connection.prepareStatement(capped == null ? sql : capped.sql())) {
                ScheduledFuture<?> cancel = timers.schedule(() -> cancelQuietly(statement),
                        limits.remainingMillis() + CANCEL_SLACK_MILLIS, TimeUnit.MILLISECONDS);
                try (ResultSet rows = statement.executeQuery()) {
                    QueryResult result = capped == null ? collect(rows, limits, started)
                            : collectCapped(rows, capped, limits, started);
                    if (limits.expired()) {
                        throw deadline(database, limits);
                    }
                    return result;
                } finally {
                    // a timer that fired (or is firing) interrupts whatever the connection runs next: not reused
                    reusable &= cancel.cancel(false);
                }
            }
        } catch (SQLException e) {
            reusable &= !(e instanceof SQLiteException s) || s.getResultCode() != SQLiteErrorCode.SQLITE_CANTOPEN;
            throw translate(database, e, limits);
        } finally {
            StatementDeadline.clear();
            // a statement that outran its limit may leave the connection interrupted or mid-way: a fresh one replaces it
            giveBack(path, connection, reusable && !limits.expired());
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

    private static QueryResult collectCapped(ResultSet rows, CappedProjection capped, ExecutionLimits limits,
            long started) throws SQLException {
        ResultCollector collector = new ResultCollector(limits);
        List<ResultColumn.Builder> columns = new ArrayList<>();
        for (CappedProjection.Column column : capped.columns()) {
            columns.add(ResultCollector.column(column.name(), column.declaredType()));
        }
        collector.columns(columns);
        Truncation cause = limits.rowCapBinds(capped.variableColumns()) ? Truncation.MAX_ROW_BYTES
                : Truncation.MAX_CELL_BYTES;
        SQLException[] failure = new SQLException[1];
        while (rows.next()) {
            List<Cell> cells = capped.cells(j -> {
                try {
                    return rows.getObject(j + 1);
                } catch (SQLException e) {
                    failure[0] = e;
                    return null;
                }
            }, collector, cause, true);
            if (failure[0] != null) {
                throw failure[0];
            }
            if (!collector.accept(cells)) {
                break;
            }
        }
        return collector.finish((System.nanoTime() - started) / 1000);
    }

    private static QueryResult collect(ResultSet rows, ExecutionLimits limits, long started) throws SQLException {
        ResultCollector collector = new ResultCollector(limits);
        boolean more = rows.next();
        ResultSetMetaData meta = rows.getMetaData();
        int width = meta.getColumnCount();
        List<ResultColumn.Builder> columns = new ArrayList<>(width);
        for (int i = 1; i <= width; i++) {
            String declared = meta.getColumnTypeName(i);
            columns.add(ResultCollector.column(meta.getColumnLabel(i), "NULL".equalsIgnoreCase(declared) ? "" : declared));
        }
        collector.columns(columns);
        while (more) {
            List<Cell> cells = new ArrayList<>(width);
            for (int i = 1; i <= width; i++) {
                cells.add(collector.cutCell(rows.getObject(i)));
            }
            if (!collector.accept(cells)) {
                break;
            }
            more = rows.next();
        }
        return collector.finish((System.nanoTime() - started) / 1000);
    }

    @Override
    public Uni<List<Table>> describe(TenantDatabase database, int samples, int sampleScanRows, Duration timeout) {
        return Uni.createFrom().item(() -> describeBlocking(database, samples, sampleScanRows, timeout))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private List<Table> describeBlocking(TenantDatabase database, int samples, int scanRows, Duration timeout) {
        Path path = database.sqlitePath().orElseThrow();
        Connection connection = borrow(database, path);
        long deadline = System.nanoTime() + timeout.toNanos();
        StatementDeadline.set(deadline);
        try {
            Map<String, Boolean> names = new LinkedHashMap<>();
            try (Statement st = connection.createStatement();
                    ResultSet rs = st.executeQuery("SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view')"
                            + " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")) {
                while (rs.next()) {
                    names.put(rs.getString(1), "view".equals(rs.getString(2)));
                }
            }
            List<Table> tables = new ArrayList<>();
            for (Map.Entry<String, Boolean> entry : names.entrySet()) {
                tables.add(describeTable(connection, entry.getKey(), entry.getValue(), samples, scanRows));
            }
            return tables;
        } catch (SQLException e) {
            throw translate(database, e, ExecutionLimits.introspection(timeout.toMillis(), deadline));
        } finally {
            StatementDeadline.clear();
            giveBack(path, connection, System.nanoTime() - deadline < 0);
        }
    }

    private static Table describeTable(Connection connection, String name, boolean view, int samples, int scanRows)
            throws SQLException {
        String quoted = quote(name);
        Table.Builder table = Table.newBuilder().setName(name).setSchemaName("main").setView(view);
        Map<Integer, String> keyOrder = new java.util.TreeMap<>();
        List<Column.Builder> columns = new ArrayList<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("PRAGMA table_info(" + quoted + ")")) {
            while (rs.next()) {
                int pk = rs.getInt("pk");
                String declared = rs.getString("type");
                columns.add(Column.newBuilder().setName(rs.getString("name"))
                        .setDeclaredType(declared == null ? "" : declared)
                        .setValueType(ValueTypes.fromDeclared(declared))
                        .setNullable(rs.getInt("notnull") == 0 && pk == 0)
                        .setPrimaryKey(pk > 0));
                if (pk > 0) {
                    keyOrder.put(pk, rs.getString("name"));
                }
            }
        }
        table.addAllPrimaryKey(keyOrder.values());
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("PRAGMA foreign_key_list(" + quoted + ")")) {
            Map<Integer, ForeignKey.Builder> keys = new java.util.TreeMap<>();
            while (rs.next()) {
                ForeignKey.Builder key = keys.computeIfAbsent(rs.getInt("id"),
                        id -> ForeignKey.newBuilder());
                key.setReferencedTable(stringOf(rs, "table")).addColumns(stringOf(rs, "from"));
                String to = rs.getString("to");
                if (to != null) {
                    key.addReferencedColumns(to);
                }
            }
            keys.values().forEach(k -> table.addForeignKeys(k.build()));
        }
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM " + quoted)) {
            rs.next();
            table.setRowCount(rs.getLong(1)).setRowCountEstimated(false);
        }
        for (Column.Builder column : columns) {
            if (samples > 0) {
                String c = quote(column.getName());
                String sql = "SELECT v FROM (SELECT " + c + " AS v FROM " + quoted + " WHERE " + c
                        + " IS NOT NULL LIMIT " + scanRows + ") GROUP BY v ORDER BY count(*) DESC, v LIMIT " + samples;
                try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                    while (rs.next()) {
                        column.addSampleValues(Cells.text(rs.getObject(1)));
                    }
                }
            }
            table.addColumns(column.build());
        }
        return table.build();
    }

    private static String stringOf(ResultSet rs, String column) throws SQLException {
        String value = rs.getString(column);
        return value == null ? "" : value;
    }

    @Override
    public Uni<Void> ping(TenantDatabase database, Duration timeout) {
        return Uni.createFrom().<Void>item(() -> {
            Path path = database.sqlitePath().orElseThrow();
            giveBack(path, borrow(database, path), true);
            return null;
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private Connection borrow(TenantDatabase database, Path path) {
        Connection pooled = idle.take(path);
        if (pooled != null) {
            return pooled;
        }
        if (!Files.isReadable(path)) {
            throw SandboxException.unavailable("the SQLite file of " + database.key() + " is missing or unreadable");
        }
        String location = path.toString();
        if (location.contains("?") || location.contains("#")) {
            throw SandboxException.unavailable("the SQLite path of " + database.key() + " contains '?' or '#'");
        }
        SQLiteConfig sqlite = new SQLiteConfig();
        sqlite.setReadOnly(true);
        sqlite.setOpenMode(SQLiteOpenMode.OPEN_URI);
        sqlite.enableLoadExtension(false);
        Connection connection = null;
        try {
            connection = sqlite.createConnection("jdbc:sqlite:file:" + location + "?mode=ro");
            try (Statement st = connection.createStatement()) {
                st.execute("PRAGMA query_only = ON");
                st.execute("PRAGMA trusted_schema = OFF");
            }
            connectionLimits.apply(connection.unwrap(SQLiteConnection.class));
            LinearStringFunctions.register(connection, config.maxLength());
            // interrupts the statement stepping on this connection once its deadline (StatementDeadline, set by
            // the thread that steps it) has passed; registered once, it costs a statement no JNI call of its own
            ProgressHandler.setHandler(connection, config.progressSteps(), new ProgressHandler() {
                @Override
                protected int progress() {
                    return StatementDeadline.passed() ? 1 : 0;
                }
            });
            return connection;
        } catch (SQLException e) {
            if (connection != null) {
                IdleConnections.close(connection);
            }
            throw SandboxException.unavailable("cannot open the SQLite database of " + database.key() + " read-only: "
                    + e.getMessage());
        }
    }

    private void giveBack(Path path, Connection connection, boolean reusable) {
        if (reusable) {
            idle.put(path, connection);
        } else {
            IdleConnections.close(connection);
        }
    }

    /** Open connections kept for the next statements, of all files (for tests). */
    int idleConnections() {
        return idle.size();
    }

    private static void cancelQuietly(Statement statement) {
        try {
            statement.cancel();
        } catch (SQLException | RuntimeException e) {
            // the statement has finished meanwhile
        }
    }

    private static SandboxException deadline(TenantDatabase database, ExecutionLimits limits) {
        return SandboxException.deadline("the statement on " + database.key() + " ran past its time limit of "
                + limits.timeoutMillis() + " ms and was interrupted");
    }

    private SandboxException translate(TenantDatabase database, SQLException e, ExecutionLimits limits) {
        int primary = e.getErrorCode() & 0xff;
        String message = e.getMessage() == null ? "" : e.getMessage().replace("[SQLITE_ERROR] SQL error or missing database ", "");
        if (primary == 9 || limits.expired()) { // SQLITE_INTERRUPT
            return deadline(database, limits);
        }
        SandboxException limit = connectionLimits.refusal(primary, message).orElse(null);
        if (limit != null) {
            return limit;
        }
        return switch (primary) {
            case 8, 23 -> SandboxException.denied("engine-read-only", "SQLite refused to write or to authorize: "
                    + message); // SQLITE_READONLY, SQLITE_AUTH
            case 7 -> SandboxException.exhausted("SQLite ran out of memory: " + message); // SQLITE_NOMEM
            case 5, 6, 10, 11, 14, 26 -> SandboxException.unavailable("the SQLite database of " + database.key()
                    + " is not usable now: " + message);
            default -> SandboxException.invalid("SQLite rejected the statement: " + message);
        };
    }

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    @PreDestroy
    void close() {
        timers.shutdownNow();
        idle.closeAll();
    }
}

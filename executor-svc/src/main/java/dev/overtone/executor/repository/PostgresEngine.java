package dev.overtone.executor.repository;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.PostgresTarget;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Table;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgBuilder;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.mutiny.sqlclient.desc.ColumnDescriptor;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * PostgreSQL tenants through the reactive client, one bounded pool per tenant database. Every
 * statement runs in its own {@code BEGIN READ ONLY} transaction with {@code SET LOCAL}
 * statement_timeout, idle_in_transaction_session_timeout and a pinned search_path, through the
 * extended protocol (one statement only) and a cursor that fetches one row more than the limit;
 * the transaction is always rolled back and only then is the connection given back. The server's own
 * statement_timeout ends a statement past its deadline. No cancel request is ever sent: it is
 * delivered to whatever the backend runs when it arrives, and one that arrived late hit the next
 * caller's statement on the pooled connection, or its ROLLBACK (which left the connection in an
 * aborted transaction: 25P02 for every later caller). The caller stops waiting at the seam
 * ({@code StatementExecution}); the transaction here runs to its real end.
 */
@ApplicationScoped
public class PostgresEngine implements TenantEngine {
    private final Vertx vertx;
    private final ExecutorConfig.PgPool poolConfig;
    private final long fetchBytes;
    private final Map<String, Pool> pools = new ConcurrentHashMap<>();

    public PostgresEngine(Vertx vertx, ExecutorConfig config) {
        this.vertx = vertx;
        this.poolConfig = config.pool();
        this.fetchBytes = config.limits().fetchBytes();
    }

    @Override
    public Uni<QueryResult> execute(TenantDatabase database, String sql, boolean plan, ExecutionLimits limits) {
        PostgresTarget target = database.postgres().orElseThrow();
        return withReadOnlyTransaction(database, limits, connection -> {
            long started = System.nanoTime();
            if (plan) {
                return readAll(connection, sql, limits, started);
            }
            // the statement's columns first, then the capped wrapper
            return columnsOf(connection, sql).chain(described -> {
                List<String> names = new ArrayList<>();
                List<String> types = new ArrayList<>();
                for (ColumnDescriptor descriptor : described) {
                    names.add(descriptor.name());
                    types.add(descriptor.typeName());
                }
                if (names.isEmpty()) {
                    return readAll(connection, sql, limits, started);
                }
                ResultCollector collector = new ResultCollector(limits);
                List<ResultColumn.Builder> columns = new ArrayList<>();
                for (int i = 0; i < names.size(); i++) {
                    columns.add(ResultCollector.column(names.get(i), types.get(i)));
                }
                collector.columns(columns);
                CappedProjection capped = CappedProjection.postgres(sql, names, types, limits::cellCut);
                return readCapped(connection, capped, collector, limits, started);
            });
        }, target.schema());
    }

    /**
     * The statement's result columns as the server describes them when it prepares the statement (Parse and
     * Describe: one round trip, pipelined behind the transaction's set-up; the statement is neither planned
     * nor run). The reactive client keeps that description but does not publish it ({@link DescribedColumns});
     * where it cannot be read, the statement is run with LIMIT 0 instead (planned, two round trips).
     */
    private static Uni<List<ColumnDescriptor>> columnsOf(SqlConnection connection, String sql) {
        if (DescribedColumns.READABLE) {
            return connection.prepare(sql).map(prepared -> {
                List<io.vertx.sqlclient.desc.ColumnDescriptor> described = DescribedColumns.of(prepared.getDelegate());
                prepared.close().subscribe().with(done -> { }, failure -> { }); // pipelined; nobody waits for it
                if (described == null) {
                    throw new IllegalStateException("the prepared statement's description is not readable");
                }
                return described.stream().map(ColumnDescriptor::newInstance).toList();
            });
        }
        return connection.preparedQuery("SELECT * FROM (\n" + sql + "\n) AS " + CappedProjection.ALIAS + " LIMIT 0")
                .execute().map(probe -> List.copyOf(probe.columnDescriptors()));
    }

    /**
     * Reads the capped statement through a cursor in batches no larger than {@code fetch-bytes} in the
     * worst case (every cell at its cut), counting bytes as they come, and stops at the first cap.
     */
    private Uni<QueryResult> readCapped(SqlConnection connection, CappedProjection capped, ResultCollector collector,
            ExecutionLimits limits, long started) {
        int batch = (int) Math.max(1, Math.min(limits.maxRows() + 1L, fetchBytes / capped.worstRowBytes()));
        Truncation cause = limits.rowCapBinds(capped.variableColumns()) ? Truncation.MAX_ROW_BYTES
                : Truncation.MAX_CELL_BYTES;
        // the probe took some of the time: the wrapped statement gets only what is left (pipelined, no round trip)
        Uni<?> timeLeft = connection.query("SET LOCAL statement_timeout = " + Math.max(1, limits.remainingMillis()))
                .execute();
        return Uni.combine().all().unis(timeLeft, connection.prepare(capped.sql())).asTuple()
                .map(both -> both.getItem2())
                .chain(prepared -> {
                    var cursor = prepared.cursor();
                    return readBatches(cursor, batch, capped, collector, cause)
                            .map(done -> collector.finish((System.nanoTime() - started) / 1000))
                            .onTermination().invoke(() -> closeLater(cursor, prepared));
                });
    }

    private Uni<Void> readBatches(io.vertx.mutiny.sqlclient.Cursor cursor, int batch, CappedProjection capped,
            ResultCollector collector, Truncation cause) {
        return cursor.read(batch).chain(rows -> {
            for (Row row : rows) {
                if (!collector.accept(capped.cells(row::getValue, collector, cause, false))) {
                    return Uni.createFrom().voidItem();
                }
            }
            if (!cursor.hasMore()) {
                return Uni.createFrom().voidItem();
            }
            if (collector.rowCount() >= collector.maxRows()) {
                collector.truncated(Truncation.MAX_ROWS);
                return Uni.createFrom().voidItem();
            }
            return readBatches(cursor, batch, capped, collector, cause);
        });
    }

    /** An EXPLAIN (or a statement without columns): read as it is, its cells cut by the executor. */
    private static Uni<QueryResult> readAll(SqlConnection connection, String sql, ExecutionLimits limits,
            long started) {
        return connection.prepare(sql).chain(prepared -> {
            var cursor = prepared.cursor();
            return cursor.read(limits.maxRows() + 1)
                    .map(rows -> collect(rows, cursor.hasMore(), limits, started))
                    .onTermination().invoke(() -> closeLater(cursor, prepared));
        });
    }

    /**
     * Closes the cursor and the statement without waiting for the server: the closes are queued on the
     * connection ahead of the ROLLBACK and DISCARD ALL of {@link #endSession}, and all four go out
     * pipelined, in one round trip. (ROLLBACK would close the portal and DISCARD ALL the statement anyway;
     * the explicit closes keep the client's own bookkeeping exact.)
     */
    private static void closeLater(io.vertx.mutiny.sqlclient.Cursor cursor,
            io.vertx.mutiny.sqlclient.PreparedStatement prepared) {
        cursor.close().subscribe().with(done -> { }, failure -> { });
        prepared.close().subscribe().with(done -> { }, failure -> { });
    }

    private static QueryResult collect(RowSet<Row> rows, boolean more, ExecutionLimits limits, long started) {
        ResultCollector collector = new ResultCollector(limits);
        List<ResultColumn.Builder> columns = new ArrayList<>();
        // a statement that returns no rows (a utility command) has no descriptors at all
        List<ColumnDescriptor> descriptors = rows.getDelegate().columnDescriptors() == null ? List.of()
                : rows.columnDescriptors();
        for (ColumnDescriptor descriptor : descriptors) {
            columns.add(ResultCollector.column(descriptor.name(), descriptor.typeName()));
        }
        collector.columns(columns);
        int width = columns.size();
        for (Row row : rows) {
            List<Cell> cells = new ArrayList<>(width);
            for (int i = 0; i < width; i++) {
                cells.add(collector.cutCell(row.getValue(i)));
            }
            if (!collector.accept(cells)) {
                break;
            }
        }
        if (more && !collector.stopped()) {
            collector.truncated(Truncation.MAX_ROWS);
        }
        return collector.finish((System.nanoTime() - started) / 1000);
    }

    /**
     * Borrows a connection, opens a read-only transaction with the limits, runs {@code work},
     * rolls back and gives the connection back; maps every failure to a SandboxException.
     */
    private <T> Uni<T> withReadOnlyTransaction(TenantDatabase database, ExecutionLimits limits,
            java.util.function.Function<SqlConnection, Uni<T>> work, String schema) {
        long budget = limits.remainingMillis();
        if (budget <= 0) {
            return Uni.createFrom().failure(deadline(database, limits));
        }
        Pool pool;
        try {
            pool = poolFor(database);
        } catch (SandboxException e) {
            return Uni.createFrom().failure(e);
        }
        // a waiter that gives up stays in the pool's queue: the connection it is handed later must be
        // closed (given back), or every abandoned wait leaks one connection of the tenant's pool
        AtomicBoolean abandoned = new AtomicBoolean();
        io.vertx.core.Future<io.vertx.sqlclient.SqlConnection> pending = pool.getDelegate().getConnection();
        pending.onSuccess(connection -> {
            if (abandoned.get()) {
                connection.close();
            }
        });
        return Uni.createFrom().completionStage(pending.toCompletionStage()).map(SqlConnection::newInstance)
                .ifNoItem().after(Duration.ofMillis(budget)).failWith(() -> {
                    abandoned.set(true);
                    if (pending.succeeded()) {
                        pending.result().close(); // handed over just as the wait ended
                    }
                    return SandboxException.deadline("no connection to " + database.key()
                            + " became free within the time limit of " + limits.timeoutMillis() + " ms");
                })
                .onFailure(e -> !(e instanceof SandboxException)).transform(e -> unreachable(database, e))
                .chain(connection -> {
                    long timeout = Math.max(1, limits.remainingMillis());
                    String setup = "BEGIN READ ONLY; SET LOCAL statement_timeout = " + timeout
                            + "; SET LOCAL idle_in_transaction_session_timeout = "
                            + (timeout + poolConfig.idleInTransactionSlack().toMillis())
                            + "; SET LOCAL search_path = " + quote(schema)
                            // the policy lexes plain strings as the standard says; the server must agree
                            + "; SET LOCAL standard_conforming_strings = on"
                            + "; SET LOCAL work_mem = '" + poolConfig.workMem().replace("'", "") + "'";
                    // the set-up and the work are pipelined: the server runs them in order, so the
                    // statement is parsed under the pinned search_path and timed by statement_timeout
                    return Uni.combine().all().unis(connection.query(setup).execute(), work.apply(connection))
                            .asTuple().map(both -> both.getItem2())
                            .onFailure(e -> !(e instanceof SandboxException))
                            .transform(e -> translate(database, e, limits))
                            .onTermination().invoke(() -> endSessionAndGiveBack(connection));
                });
    }

    /**
     * Rolls the transaction back and resets the session before the connection goes back to the pool:
     * DISCARD ALL drops what a ROLLBACK keeps (session advisory locks, prepared statements, LISTEN
     * registrations, cursors WITH HOLD, session settings, temporary tables and plans), so nothing of one
     * call is there for the next. The two go out pipelined, in one round trip; DISCARD ALL cannot run
     * inside a transaction block, so it comes second.
     */
    private static Uni<Void> endSession(SqlConnection connection) {
        return Uni.combine().all().unis(connection.query("ROLLBACK").execute().onFailure().recoverWithNull(),
                connection.query("DISCARD ALL").execute().onFailure().recoverWithNull()).discardItems();
    }

    /**
     * Ends the session ({@link #endSession}) and only then gives the connection back to the pool, without
     * making the caller wait for it: the statement's rows (or its failure) are complete before the reset, and
     * nobody else can borrow the connection until the reset has run, so the reset costs the caller no round
     * trip (as pgbouncer's server_reset_query runs after the client has let the server connection go).
     */
    private static void endSessionAndGiveBack(SqlConnection connection) {
        endSession(connection).eventually(() -> connection.close().onFailure().recoverWithNull())
                .subscribe().with(done -> { }, failure -> { });
    }

    @Override
    public Uni<List<Table>> describe(TenantDatabase database, int samples, int sampleScanRows, Duration timeout) {
        PostgresTarget target = database.postgres().orElseThrow();
        long deadline = System.nanoTime() + timeout.toNanos();
        ExecutionLimits limits = ExecutionLimits.introspection(timeout.toMillis(), deadline);
        return withReadOnlyTransaction(database, limits,
                connection -> introspect(connection, target.schema(), samples, sampleScanRows, limits),
                target.schema());
    }

    private static final String TABLES = "SELECT c.relname, c.relkind, c.reltuples::bigint FROM pg_class c"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1"
            + " AND c.relkind IN ('r', 'v', 'm', 'p', 'f') AND has_table_privilege(c.oid, 'SELECT')"
            + " ORDER BY c.relname";
    private static final String COLUMNS = "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod),"
            + " a.attnotnull FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1"
            + " AND c.relkind IN ('r', 'v', 'm', 'p', 'f') AND a.attnum > 0 AND NOT a.attisdropped"
            + " ORDER BY c.relname, a.attnum";
    private static final String KEYS = "SELECT con.contype, c.relname, con.conname, a.attname, rc.relname, ra.attname"
            + " FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)"
            + " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum"
            + " LEFT JOIN pg_class rc ON rc.oid = con.confrelid"
            + " LEFT JOIN pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = con.confkey[k.ord]"
            + " WHERE n.nspname = $1 AND con.contype IN ('p', 'f') ORDER BY c.relname, con.conname, k.ord";

    /**
     * The catalog queries, then a count or sample query per table and column, in sequence. Each runs
     * under the transaction's statement_timeout; the sequence stops at the deadline, so the whole
     * introspection holds its connection no longer than its time limit (plus the statement running then).
     */
    private Uni<List<Table>> introspect(SqlConnection connection, String schema, int samples, int scanRows,
            ExecutionLimits limits) {
        Map<String, Table.Builder> tables = new LinkedHashMap<>();
        Map<String, List<Column.Builder>> columns = new LinkedHashMap<>();
        Map<String, Long> estimates = new LinkedHashMap<>();
        return connection.preparedQuery(TABLES).execute(Tuple.of(schema)).invoke(rows -> {
            for (Row row : rows) {
                String name = row.getString(0);
                tables.put(name, Table.newBuilder().setName(name).setSchemaName(schema)
                        .setView(!"r".equals(row.getString(1)) && !"p".equals(row.getString(1))));
                estimates.put(name, row.getLong(2));
                columns.put(name, new ArrayList<>());
            }
        }).chain(() -> connection.preparedQuery(COLUMNS).execute(Tuple.of(schema))).invoke(rows -> {
            for (Row row : rows) {
                List<Column.Builder> list = columns.get(row.getString(0));
                if (list != null) {
                    String declared = row.getString(2);
                    list.add(Column.newBuilder().setName(row.getString(1)).setDeclaredType(declared)
                            .setValueType(ValueTypes.fromDeclared(declared)).setNullable(!row.getBoolean(3)));
                }
            }
        }).chain(() -> connection.preparedQuery(KEYS).execute(Tuple.of(schema))).invoke(rows -> {
            Map<String, ForeignKey.Builder> foreign = new LinkedHashMap<>();
            for (Row row : rows) {
                Table.Builder table = tables.get(row.getString(1));
                if (table == null) {
                    continue;
                }
                String column = row.getString(3);
                if ("p".equals(row.getString(0))) {
                    table.addPrimaryKey(column);
                    columns.get(row.getString(1)).stream().filter(c -> c.getName().equals(column))
                            .forEach(c -> c.setPrimaryKey(true).setNullable(false));
                } else {
                    foreign.computeIfAbsent(row.getString(1) + "\u0000" + row.getString(2),
                            k -> ForeignKey.newBuilder().setReferencedTable(row.getString(4)))
                            .addColumns(column).addReferencedColumns(row.getString(5));
                }
            }
            foreign.forEach((k, fk) -> tables.get(k.substring(0, k.indexOf('\u0000'))).addForeignKeys(fk));
        }).chain(() -> {
            Uni<Void> chain = Uni.createFrom().voidItem();
            for (Map.Entry<String, Table.Builder> entry : tables.entrySet()) {
                String table = quote(schema) + "." + quote(entry.getKey());
                long estimate = estimates.get(entry.getKey());
                if (estimate >= 0 && !entry.getValue().getView()) {
                    entry.getValue().setRowCount(estimate).setRowCountEstimated(true);
                } else {
                    chain = chain.chain(() -> beforeDeadline(limits, connection, "SELECT count(*) FROM " + table)
                            .invoke(rows -> entry.getValue().setRowCount(rows.iterator().next().getLong(0))
                                    .setRowCountEstimated(false))).replaceWithVoid();
                }
                for (Column.Builder column : columns.get(entry.getKey())) {
                    if (samples <= 0) {
                        continue;
                    }
                    String c = quote(column.getName());
                    String sql = "SELECT v FROM (SELECT " + c + "::text AS v FROM " + table + " WHERE " + c
                            + " IS NOT NULL LIMIT " + scanRows + ") s GROUP BY v ORDER BY count(*) DESC, v LIMIT "
                            + samples;
                    chain = chain.chain(() -> beforeDeadline(limits, connection, sql).invoke(rows -> {
                        for (Row row : rows) {
                            column.addSampleValues(row.getString(0));
                        }
                    })).replaceWithVoid();
                }
            }
            return chain;
        }).map(done -> {
            List<Table> built = new ArrayList<>();
            tables.forEach((name, table) -> {
                columns.get(name).forEach(c -> table.addColumns(c.build()));
                built.add(table.build());
            });
            return built;
        });
    }

    private static Uni<RowSet<Row>> beforeDeadline(ExecutionLimits limits, SqlConnection connection, String sql) {
        if (limits.expired()) {
            return Uni.createFrom().failure(SandboxException.deadline("introspection ran past its time limit of "
                    + limits.timeoutMillis() + " ms"));
        }
        return connection.query(sql).execute();
    }

    @Override
    public Uni<Void> ping(TenantDatabase database, Duration timeout) {
        Pool pool;
        try {
            pool = poolFor(database);
        } catch (SandboxException e) {
            return Uni.createFrom().failure(e);
        }
        return pool.query("SELECT 1").execute().replaceWithVoid()
                .ifNoItem().after(timeout).failWith(TimeoutException::new)
                .onFailure().transform(e -> unreachable(database, e));
    }

    private Pool poolFor(TenantDatabase database) {
        PostgresTarget target = database.postgres().orElseThrow();
        return pools.computeIfAbsent(database.key() + "|" + target, key -> {
            PgConnectOptions connect = new PgConnectOptions().setHost(target.host()).setPort(target.port())
                    .setDatabase(target.database()).setUser(target.username())
                    .setPassword(target.password().get().reveal())
                    .setConnectTimeout((int) poolConfig.connectTimeout().toMillis())
                    .setCachePreparedStatements(false)
                    // the shared pg_stat_activity shows every session's application_name: no tenant names there
                    .setProperties(Map.of("application_name", "overtone-executor"));
            PoolOptions options = new PoolOptions().setMaxSize(poolConfig.maxSize())
                    .setMaxWaitQueueSize(poolConfig.maxWaitQueueSize())
                    .setIdleTimeout((int) poolConfig.idleTimeout().toSeconds()).setIdleTimeoutUnit(TimeUnit.SECONDS)
                    .setName("tenant-" + database.key());
            return PgBuilder.pool().with(options).connectingTo(connect).using(vertx).build();
        });
    }

    private static SandboxException deadline(TenantDatabase database, ExecutionLimits limits) {
        return SandboxException.deadline("the statement on " + database.key() + " ran past its time limit of "
                + limits.timeoutMillis() + " ms and was cancelled on the server");
    }

    private static SandboxException unreachable(TenantDatabase database, Throwable e) {
        if (e instanceof SandboxException sandbox) {
            return sandbox;
        }
        if (e instanceof PgException pg && pg.getSqlState() != null && pg.getSqlState().startsWith("28")) {
            return SandboxException.unavailable("PostgreSQL refused the executor's login to " + database.key()
                    + "; check its username and password settings");
        }
        String reason = e instanceof TimeoutException ? "no answer in time"
                : e.getMessage() == null ? "the connection failed" : e.getMessage();
        return SandboxException.unavailable("the PostgreSQL database of " + database.key() + " is unreachable: "
                + reason);
    }

    private static SandboxException translate(TenantDatabase database, Throwable e, ExecutionLimits limits) {
        if (!(e instanceof PgException pg) || pg.getSqlState() == null) {
            return limits.expired() ? deadline(database, limits) : unreachable(database, e);
        }
        String state = pg.getSqlState();
        String message = pg.getErrorMessage();
        return switch (state) {
            case "57014", "25P03" -> deadline(database, limits);
            case "25006" -> SandboxException.denied("engine-read-only",
                    "PostgreSQL refused a write in the read-only transaction: " + message);
            case "42501" -> SandboxException.denied("engine-privilege",
                    "the tenant's role may not do this: " + message);
            default -> {
                if (state.startsWith("54")) {
                    yield SandboxException.exhausted("PostgreSQL refused to build a value past its own limit (1 GB"
                            + " per value; the executor only ever receives a cut of limits.max-cell-bytes): "
                            + message + "; make the query build less");
                }
                if (state.startsWith("53")) {
                    yield SandboxException.exhausted("PostgreSQL ran out of a resource: " + message);
                }
                if (state.startsWith("08") || state.startsWith("57") || state.startsWith("3D")
                        || state.startsWith("28")) {
                    yield unreachable(database, e);
                }
                yield SandboxException.invalid("PostgreSQL rejected the statement (" + state + "): " + message);
            }
        };
    }

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    @PreDestroy
    void close() {
        pools.values().forEach(pool -> pool.close().subscribe().with(v -> { }, e -> { }));
    }
}

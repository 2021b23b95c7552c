package dev.overtone.executor.bench;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.repository.CappedProjection;
import dev.overtone.executor.repository.PostgresEngine;
import dev.overtone.executor.repository.SessionReset;
import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.BenchStatements;
import dev.overtone.executor.support.CallLimits;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.PreparedStatement;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.desc.ColumnDescriptor;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Not a test: where a PostgreSQL statement's time goes between the raw driver call and the sandboxed engine,
 * by adding the engine's steps to the raw call one at a time (each way below is the one before it plus one step),
 * all ways interleaved round by round over the allowed.tsv statements of SandboxOverheadBench's PostgreSQL mix
 * (those the tenant's role can run). The steps rebuild the engine's path as it was before issue 32's third pass
 * (six set-up statements, every statement wrapped); the last ways are the engine before it kept statements on its
 * connections, the engine as it is, the raw call with the client's own statement cache, and an empty round trip;
 * then the raw call, the engines and the kept path's protocol with the reset whole and in parts at saturation
 * ({@link Saturation}), where the reset, off the caller's path, still holds its connection and the server.
 * Runs only when asked for (-Dbench.rounds=N, default 15):
 * {@code ./mvnw -B -o -pl executor-svc verify -Dtest=PostgresPhaseBench -Dsurefire.failIfNoSpecifiedTests=false}.
 * Writes target/bench/postgres-phases.md.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class PostgresPhaseBench {
    private static final int WARM_UP_ROUNDS = 5;
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 15);
    private static final String KEPT_NOW = "the kept path's protocol now: BEGIN and 2 SET LOCALs, the kept wrapper read"
            + " (not described, portal left to the ROLLBACK), ";

    @Inject
    PostgresEngine engine;

    @Inject
    TenantRegistry registry;

    @Inject
    ExecutorConfig config;

    @Inject
    Vertx vertx;

    private Pool pool;
    private Pool cachingPool;
    private Pool keepingPool;
    private final Map<String, String> wrappers = new LinkedHashMap<>();
    private final Map<Object, Map<String, PreparedStatement>> keptStatements = new java.util.concurrent.ConcurrentHashMap<>();

    @Test
    void measurePhases() throws Exception {
        TenantDatabase database = PostgresTenant.DEMO.in(registry);
        List<String> statements = new ArrayList<>(BenchStatements.postgresAllowed());
        pool = PostgresTenant.DEMO.readerPool(vertx, config.pool().maxSize());
        cachingPool = PostgresTenant.DEMO.readerPool(vertx, config.pool().maxSize(), true);
        keepingPool = PostgresTenant.DEMO.readerPool(vertx, config.pool().maxSize()); // no DISCARD ALL on it
        PostgresEngine keepingNone = new PostgresEngine(vertx, RememberingNothing.keepingNoStatements(config));
        Map<String, Function<String, Uni<?>>> ways = new LinkedHashMap<>();
        ways.put("raw: pool.preparedQuery (Parse/Describe, then Bind/Execute)", sql -> pool.preparedQuery(sql).execute()
                .map(PostgresPhaseBench::readAll));
        ways.put("+ own connection (borrow, close)", sql -> borrowed(c -> c.preparedQuery(sql).execute()
                .map(PostgresPhaseBench::readAll), List.of()));
        ways.put("+ BEGIN READ ONLY pipelined, ROLLBACK after", sql -> borrowed(c -> pipelined(c, "BEGIN READ ONLY",
                c.preparedQuery(sql).execute().map(PostgresPhaseBench::readAll)), List.of("ROLLBACK")));
        ways.put("+ the five SET LOCALs in the same simple query", sql -> borrowed(c -> pipelined(c, setup(),
                c.preparedQuery(sql).execute().map(PostgresPhaseBench::readAll)), List.of("ROLLBACK")));
        ways.put("+ DISCARD ALL after the ROLLBACK", sql -> borrowed(c -> pipelined(c, setup(),
                c.preparedQuery(sql).execute().map(PostgresPhaseBench::readAll)), List.of("ROLLBACK", "DISCARD ALL")));
        ways.put("+ read through a cursor (prepare, cursor.read, closes)", sql -> borrowed(c -> pipelined(c, setup(),
                c.prepare(sql).chain(p -> cursorRead(p))), List.of("ROLLBACK", "DISCARD ALL")));
        ways.put("+ the statement described first (a second Parse/Describe, pipelined)", sql -> borrowed(
                c -> pipelined(c, setup(), describedWith(c, sql, c.prepare(sql)).chain(p -> cursorRead(p))),
                List.of("ROLLBACK", "DISCARD ALL")));
        ways.put("+ the capped wrapper instead of the statement (the remembered path, rebuilt)", sql -> borrowed(
                c -> pipelined(c, setup(), describedWith(c, sql, c.prepare(wrappers.get(sql)))
                        .chain(p -> cursorRead(p))), List.of("ROLLBACK", "DISCARD ALL")));
        ways.put("+ cursor batch 16 rows", sql -> borrowed(
                c -> pipelined(c, setup(), describedWith(c, sql, c.prepare(wrappers.get(sql)))
                        .chain(p -> cursorRead(p, 16))), List.of("ROLLBACK", "DISCARD ALL")));
        ways.put("the protocol of the kept path rebuilt: BEGIN and 2 SET LOCALs, described, the kept wrapper read, reset",
                sql -> borrowed(keepingPool, c -> pipelined(c, callSetup(), describedWith(c, sql, kept(c, wrappers.get(sql)))
                        .chain(p -> cursorRead(p, 16, false))), List.of(SessionReset.LIGHT)));
        ways.put(KEPT_NOW + "the reset after rows (SessionReset.AFTER_ROWS)", keptPathNow(SessionReset.AFTER_ROWS));
        ways.put("the engine, shape remembered, no statement kept, DISCARD ALL (before keeping)",
                sql -> keepingNone.execute(database, sql, false, limits()));
        ways.put("the engine, shape remembered, statements kept per connection (PostgresEngine.execute)",
                sql -> engine.execute(database, sql, false, limits()));
        ways.put("raw with the client's statement cache (named statements kept, one round trip)",
                sql -> cachingPool.preparedQuery(sql).execute().map(PostgresPhaseBench::readAll));
        ways.put("SELECT 1 round trip", sql -> pool.query("SELECT 1").execute());
        // the resets' own server work, each a round trip of its own (they run after the caller's answer)
        ways.put("DISCARD ALL round trip", sql -> pool.query("DISCARD ALL").execute());
        ways.put("the reset's query round trip (SessionReset.LIGHT)", sql -> pool.query(SessionReset.LIGHT).execute());
        ways.put("its function alone", sql -> pool.query(SessionReset.FUNCTION).execute());
        ways.put("its commands alone", sql -> pool.query(SessionReset.COMMANDS).execute());
        // the function reads pg_prepared_statements, every statement the session keeps: on the kept path's connections
        ways.put("the reset's query, on a connection keeping the mix's statements", sql -> keepingPool.query(
                SessionReset.LIGHT).execute());
        ways.put("its function alone, on such a connection", sql -> keepingPool.query(SessionReset.FUNCTION).execute());
        ways.put("the reset after rows (no count), on such a connection", sql -> keepingPool.query(
                SessionReset.AFTER_ROWS).execute());
        ways.put("ROLLBACK and its commands alone, on such a connection", sql -> keepingPool.query(
                "ROLLBACK; " + SessionReset.COMMANDS).execute());
        try {
            Map<String, List<Double>> times = new LinkedHashMap<>();
            ways.keySet().forEach(way -> times.put(way, new ArrayList<>()));
            List<String> runnable = new ArrayList<>();
            for (String sql : statements) {
                try {
                    wrappers.put(sql, wrapper(sql, pool.preparedQuery("SELECT * FROM (\n" + sql + "\n) AS t LIMIT 0")
                            .execute().await().indefinitely().columnDescriptors()).sql());
                    for (Function<String, Uni<?>> way : ways.values()) {
                        way.apply(sql).await().indefinitely();
                    }
                    runnable.add(sql);
                } catch (RuntimeException e) {
                    // a statement of the corpus PostgreSQL refuses as the tenant (some are allowed by the policy only)
                }
            }
            for (String sql : runnable) {
                for (int round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
                    for (Map.Entry<String, Function<String, Uni<?>>> way : ways.entrySet()) {
                        long start = System.nanoTime();
                        way.getValue().apply(sql).await().indefinitely();
                        if (round >= WARM_UP_ROUNDS) {
                            times.get(way.getKey()).add((System.nanoTime() - start) / 1e6);
                        }
                    }
                }
            }
            Map<String, Function<String, Uni<?>>> saturated = new LinkedHashMap<>();
            ways.forEach((way, run) -> {
                if (way.startsWith("raw: ") || way.startsWith("the engine") || way.startsWith(KEPT_NOW)) {
                    saturated.put(way, run);
                }
            });
            // what the reset's parts cost in throughput ("ROLLBACK only" is not a safe reset: measurement only)
            saturated.put(KEPT_NOW + "the whole reset (SessionReset.LIGHT)", keptPathNow(SessionReset.LIGHT));
            saturated.put(KEPT_NOW + "ROLLBACK only", keptPathNow("ROLLBACK"));
            String report = report(times, runnable.size()) + Saturation.report(Saturation.measure(saturated, runnable,
                    2 * config.pool().maxSize(), java.time.Duration.ofSeconds(2), 3), config.pool().maxSize());
            System.out.println(report);
            Files.createDirectories(Path.of("target/bench"));
            Files.writeString(Path.of("target/bench/postgres-phases.md"), report);
        } finally {
            pool.closeAndAwait();
            cachingPool.closeAndAwait();
            keepingPool.closeAndAwait();
        }
    }

    private <T> Uni<T> borrowed(Function<SqlConnection, Uni<T>> work, List<String> after) {
        return borrowed(pool, work, after);
    }

    private <T> Uni<T> borrowed(Pool from, Function<SqlConnection, Uni<T>> work, List<String> after) {
        return from.getConnection().chain(c -> work.apply(c).onTermination().invoke(() -> {
            Uni<?> end = Uni.createFrom().voidItem();
            for (String sql : after) {
                Uni<?> previous = end;
                end = Uni.combine().all().unis(previous, c.query(sql).execute().onFailure().recoverWithNull())
                        .discardItems();
            }
            end.eventually(c::close).subscribe().with(done -> { }, failure -> { });
        }));
    }

    private static <T> Uni<T> pipelined(SqlConnection c, String first, Uni<T> then) {
        return Uni.combine().all().unis(c.query(first).execute(), then).asTuple().map(both -> both.getItem2());
    }

    /** {@code prepared}, with the statement's own Parse/Describe (closed at once) pipelined before it. */
    private static Uni<PreparedStatement> describedWith(SqlConnection c, String sql, Uni<PreparedStatement> prepared) {
        Uni<?> described = c.prepare(sql).invoke(p -> p.close().subscribe().with(done -> { }, failure -> { }));
        return Uni.combine().all().unis(described, prepared).asTuple().map(both -> both.getItem2());
    }

    private Uni<Integer> cursorRead(PreparedStatement prepared) {
        return cursorRead(prepared, config.limits().defaultMaxRows() + 1);
    }

    private Uni<Integer> cursorRead(PreparedStatement prepared, int batch) {
        return cursorRead(prepared, batch, true);
    }

    private Uni<Integer> cursorRead(PreparedStatement prepared, int batch, boolean close) {
        return cursorRead(prepared, batch, close, true);
    }

    private Uni<Integer> cursorRead(PreparedStatement prepared, int batch, boolean close, boolean closeCursor) {
        var cursor = prepared.cursor();
        return cursor.read(batch).map(PostgresPhaseBench::readAll)
                .onTermination().invoke(() -> {
                    if (closeCursor) {
                        cursor.close().subscribe().with(done -> { }, failure -> { });
                    }
                    if (close) {
                        prepared.close().subscribe().with(done -> { }, failure -> { });
                    }
                });
    }

    /** The kept path's protocol as the engine now sends it, ended by {@code reset}. */
    private Function<String, Uni<?>> keptPathNow(String reset) {
        return sql -> borrowed(keepingPool, c -> pipelined(c, callSetup(), kept(c, wrappers.get(sql))
                .chain(p -> cursorRead(p, 16, false, false))), List.of(reset));
    }

    /** The statement kept prepared on this connection (the engine's way, rebuilt), prepared on first use. */
    private Uni<PreparedStatement> kept(SqlConnection c, String sql) {
        Map<String, PreparedStatement> statements = keptStatements.computeIfAbsent(
                ((io.vertx.sqlclient.impl.SqlConnectionInternal) c.getDelegate()).unwrap(), k -> new HashMap<>());
        PreparedStatement known = statements.get(sql);
        return known != null ? Uni.createFrom().item(known) : c.prepare(sql).invoke(p -> statements.put(sql, p));
    }

    private String callSetup() {
        long timeout = config.limits().defaultTimeout().toMillis();
        return "BEGIN READ ONLY; SET LOCAL statement_timeout = " + timeout
                + "; SET LOCAL idle_in_transaction_session_timeout = " + (timeout + 5000);
    }

    private CappedProjection wrapper(String sql, List<ColumnDescriptor> shape) {
        return CappedProjection.postgres(sql, shape.stream().map(ColumnDescriptor::name).toList(),
                shape.stream().map(ColumnDescriptor::typeName).toList(), limits()::cellCut);
    }

    private String setup() {
        long timeout = config.limits().defaultTimeout().toMillis();
        return "BEGIN READ ONLY; SET LOCAL statement_timeout = " + timeout
                + "; SET LOCAL idle_in_transaction_session_timeout = " + (timeout + 5000)
                + "; SET LOCAL search_path = \"" + PostgresTenant.DEMO.schema() + "\""
                + "; SET LOCAL standard_conforming_strings = on; SET LOCAL work_mem = '16MB'";
    }

    private ExecutionLimits limits() {
        return CallLimits.serverDefaults(config.limits(), config.limits().defaultTimeout().toMillis());
    }

    private static int readAll(RowSet<Row> rows) {
        int n = 0;
        for (Row row : rows) {
            n++;
            for (int i = 0; i < row.size(); i++) {
                row.getValue(i);
            }
        }
        return n;
    }

    private static String report(Map<String, List<Double>> times, int statements) throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add("# PostgreSQL phases (PostgresPhaseBench)");
        lines.add("");
        lines.add(statements + " statements x " + ROUNDS + " rounds; load average " + Files.readString(
                Path.of("/proc/loadavg")).strip());
        lines.add("");
        lines.add("| way | p50 ms | step over the way before, ms | p50 / raw p50 |");
        lines.add("|---|---|---|---|");
        double raw = Double.NaN;
        double previous = Double.NaN;
        for (Map.Entry<String, List<Double>> way : times.entrySet()) {
            double p50 = OverheadMix.percentile(way.getValue().stream().mapToDouble(Double::doubleValue).toArray(), 50);
            raw = Double.isNaN(raw) ? p50 : raw;
            lines.add(String.format(Locale.ROOT, "| %s | %.3f | %s | %.2f |", way.getKey(), p50,
                    Double.isNaN(previous) ? "" : String.format(Locale.ROOT, "%+.3f", p50 - previous), p50 / raw));
            previous = p50;
        }
        return String.join("\n", lines) + "\n";
    }
}

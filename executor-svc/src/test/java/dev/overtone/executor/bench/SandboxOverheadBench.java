package dev.overtone.executor.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.repository.PostgresEngine;
import dev.overtone.executor.repository.QueryResult;
import dev.overtone.executor.repository.SqliteEngine;
import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.service.policy.AllowedStatement;
import dev.overtone.executor.service.policy.SandboxPolicies;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgBuilder;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteConfig;

/**
 * Not a test: what the sandbox (policy and engine: read-only transaction, caps, session reset) adds to
 * a raw driver call, over realistic mixes of statements, in process (no gRPC). Runs only when asked for:
 * {@code ./mvnw -B -o -pl executor-svc verify -Dtest=SandboxOverheadBench -Dsurefire.failIfNoSpecifiedTests=false}
 * SQLite: every distinct (database, SQL) of the AmbiQT development sets in ../shared/data (skipped when
 * absent). PostgreSQL: the demo tenant with corpus/allowed.tsv's PostgreSQL lines and a few analytical
 * queries. Writes target/bench/sandbox-overhead.md and fails when a statement that runs raw does not run
 * sandboxed.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class SandboxOverheadBench {
    /** The repository root's ../shared/data; tests run in executor-svc/. */
    private static final Path SHARED_DATA = Path.of("..", "..", "shared", "data").toAbsolutePath().normalize();
    private static final List<String> DEV_SETS = List.of("ambiqt-dev/ambiqt_dev.jsonl",
            "ambiqt-dev-jp/ambiqt_dev_jp.jsonl");
    private static final String BENCH_TENANT = "bench";
    private static final Path BENCH_TENANTS_FILE = TenantDatabasesResource.TENANTS_DIR
            .resolve("sandbox-bench.properties");
    private static final int SQLITE_WARM_UP_ROUNDS = 2;
    private static final int SQLITE_ROUNDS = 5;
    private static final int POSTGRES_WARM_UP_ROUNDS = 10;
    private static final int POSTGRES_ROUNDS = 20;
    private static final int EXAMPLES_LISTED = 25;
    private static final List<String> ANALYTICAL_QUERIES = List.of(
            "SELECT city, count(*) AS hotels, avg(stars) AS stars FROM hotels GROUP BY city ORDER BY hotels DESC, city",
            "SELECT h.name, sum(b.total) AS revenue FROM hotels h JOIN rooms r ON r.hotel_id = h.id"
                    + " JOIN bookings b ON b.room_id = r.id GROUP BY h.name ORDER BY revenue DESC LIMIT 5",
            "SELECT h.name, avg(rv.score) AS score, count(rv.id) AS reviews FROM hotels h"
                    + " LEFT JOIN reviews rv ON rv.hotel_id = h.id GROUP BY h.id, h.name"
                    + " ORDER BY score DESC NULLS LAST",
            "SELECT a.name, count(*) AS hotels FROM amenities a JOIN hotel_amenities ha ON ha.amenity_id = a.id"
                    + " GROUP BY a.name ORDER BY hotels DESC, a.name",
            "SELECT kind, avg(price) AS price, max(capacity) AS capacity FROM rooms GROUP BY kind ORDER BY price",
            "SELECT date_trunc('month', check_in) AS month, sum(nights) AS nights, sum(total) AS total"
                    + " FROM bookings GROUP BY 1 ORDER BY 1",
            "SELECT h.city, r.kind, count(b.id) AS bookings, coalesce(sum(b.nights), 0) AS nights FROM hotels h"
                    + " JOIN rooms r ON r.hotel_id = h.id LEFT JOIN bookings b ON b.room_id = r.id"
                    + " GROUP BY h.city, r.kind ORDER BY h.city, r.kind",
            "SELECT name FROM hotels h WHERE NOT EXISTS (SELECT 1 FROM hotel_amenities ha WHERE ha.hotel_id = h.id)",
            "SELECT b.guest, b.check_in, b.nights, r.kind, h.name FROM bookings b JOIN rooms r ON r.id = b.room_id"
                    + " JOIN hotels h ON h.id = r.hotel_id ORDER BY b.check_in DESC LIMIT 20",
            "WITH scored AS (SELECT hotel_id, avg(score) AS score FROM reviews GROUP BY hotel_id)"
                    + " SELECT h.city, max(s.score) AS best FROM hotels h JOIN scored s ON s.hotel_id = h.id"
                    + " GROUP BY h.city");

    @Inject
    SandboxPolicies policies;

    @Inject
    SqliteEngine sqliteEngine;

    @Inject
    PostgresEngine postgresEngine;

    @Inject
    TenantRegistry registry;

    @Inject
    ExecutorConfig config;

    @Inject
    Vertx vertx;

    /** A statement of a mix on one tenant database. */
    private record Statement(TenantDatabase database, String sql) {
    }

    /** A statement that did not make it into the timing, and why. */
    private record Dropped(Statement statement, String why) {
    }

    /** Runs a statement raw, reading every cell; returns its row count. */
    private interface RawRun {
        int rows(Statement statement) throws Exception;
    }

    /** Runs a statement through the sandbox with the given policy decision. */
    private interface SandboxedRun {
        QueryResult run(TenantDatabase database, AllowedStatement allowed);
    }

    /** The times of one way of running, per statement and round, in milliseconds. */
    private static final class Timings {
        private final List<double[]> perStatement = new ArrayList<>();

        double[] forStatement(int rounds) {
            double[] times = new double[rounds];
            perStatement.add(times);
            return times;
        }

        double[] all() {
            return perStatement.stream().flatMapToDouble(Arrays::stream).toArray();
        }

        double p(int percentile) {
            return percentile(all(), percentile);
        }

        /** The median over statements of (this statement's median / the other's median). */
        double medianRatioTo(Timings other) {
            double[] ratios = new double[perStatement.size()];
            for (int i = 0; i < ratios.length; i++) {
                ratios[i] = percentile(perStatement.get(i), 50) / percentile(other.perStatement.get(i), 50);
            }
            return percentile(ratios, 50);
        }
    }

    /** What a mix measured: the ways of running it, by name in report order, and what was dropped. */
    private static final class MixResult {
        final String name;
        final int distinct;
        final Map<String, Timings> ways = new LinkedHashMap<>();
        final List<Dropped> failedRaw = new ArrayList<>();
        final List<Dropped> refused = new ArrayList<>();
        final List<Dropped> failedSandboxed = new ArrayList<>();
        final List<Dropped> rowCountDiffers = new ArrayList<>();
        int timed;
        int truncated;
        int rounds;

        MixResult(String name, int distinct, String... wayNames) {
            this.name = name;
            this.distinct = distinct;
            for (String way : wayNames) {
                ways.put(way, new Timings());
            }
        }

        Timings way(String name) {
            return ways.get(name);
        }
    }

    private static final String RAW = "raw driver call";
    private static final String SANDBOXED = "sandboxed: policy (no cache) + engine";
    private static final String CACHED = "sandboxed: cached decision + engine";
    private static final String POLICY = "policy alone (no cache)";
    private static final String ENGINE = "engine alone";
    private static final String DISCARD = "DISCARD ALL round trip (raw pool)";
    private static final String SELECT_1 = "SELECT 1 round trip (raw pool)";

    @Test
    void measureSandboxOverheadOnRealisticMixes() throws Exception {
        assumeTrue(Files.isDirectory(SHARED_DATA), "the development sets are not there (" + SHARED_DATA
                + "): the SQLite mix needs ../shared/data beside the repository; benchmark skipped");
        String loadBefore = loadAverage();
        Instant started = Instant.now();
        MixResult sqlite;
        try {
            sqlite = measureSqlite(sqliteMix());
        } finally {
            // 540 more databases would slow every later readiness check (it pings each) of a run without clean
            Files.deleteIfExists(BENCH_TENANTS_FILE);
            registry.reload();
        }
        MixResult postgres = measurePostgres(postgresMix());
        String report = report(List.of(sqlite, postgres), started, loadBefore, loadAverage());
        System.out.println(report);
        Files.createDirectories(Path.of("target/bench"));
        Files.writeString(Path.of("target/bench/sandbox-overhead.md"), report);

        for (MixResult mix : List.of(sqlite, postgres)) {
            assertThat(mix.refused).as("%s: statements that run raw but the policy refuses", mix.name).isEmpty();
            assertThat(mix.failedSandboxed).as("%s: statements that run raw but fail sandboxed", mix.name).isEmpty();
            assertThat(mix.rowCountDiffers).as("%s: statements whose row counts differ", mix.name).isEmpty();
            assertThat(mix.timed).as("%s: statements timed", mix.name).isPositive();
        }
    }

    // ---- SQLite: the development sets ----

    /** Every distinct (database, SQL) of the development sets; each file registered as a database of "bench". */
    private List<Statement> sqliteMix() throws IOException {
        Map<Path, String> databaseNames = new LinkedHashMap<>();
        TreeSet<String> namesTaken = new TreeSet<>();
        Map<Path, TreeSet<String>> sqlByFile = new LinkedHashMap<>();
        for (String set : DEV_SETS) {
            Path jsonl = SHARED_DATA.resolve(set);
            for (String line : Files.readAllLines(jsonl, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonObject example;
                try (JsonReader reader = Json.createReader(new StringReader(line))) {
                    example = reader.readObject();
                }
                Path file = jsonl.getParent().resolve(example.getString("db")).normalize();
                databaseNames.computeIfAbsent(file, f -> uniqueName(databaseName(f), namesTaken));
                TreeSet<String> sql = sqlByFile.computeIfAbsent(file, f -> new TreeSet<>());
                example.getJsonArray("gold_queries").getValuesAs(JsonString.class)
                        .forEach(q -> sql.add(q.getString()));
                example.getJsonArray("defaults").getValuesAs(JsonObject.class)
                        .forEach(d -> sql.add(d.getString("sql")));
            }
        }
        Properties tenants = new Properties();
        databaseNames.forEach((file, name) -> {
            tenants.setProperty(BENCH_TENANT + "." + name + ".engine", "sqlite");
            tenants.setProperty(BENCH_TENANT + "." + name + ".path", file.toString());
        });
        Files.createDirectories(TenantDatabasesResource.TENANTS_DIR);
        try (Writer out = Files.newBufferedWriter(BENCH_TENANTS_FILE, StandardCharsets.UTF_8)) {
            tenants.store(out, "SandboxOverheadBench: the AmbiQT development databases");
        }
        registry.reload();
        List<Statement> mix = new ArrayList<>();
        // grouped by file, so that consecutive statements reuse the engine's idle connection
        sqlByFile.forEach((file, sqls) -> {
            TenantDatabase database = registry.lookup(BENCH_TENANT, databaseNames.get(file));
            sqls.forEach(sql -> mix.add(new Statement(database, sql)));
        });
        return mix;
    }

    private static String databaseName(Path file) {
        String stem = file.getFileName().toString().replaceFirst("\\.sqlite$", "").toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9_-]", "_");
        return stem.matches("[a-z0-9].*") ? stem : "db" + stem;
    }

    private static String uniqueName(String name, TreeSet<String> taken) {
        String unique = name;
        for (int i = 2; !taken.add(unique); i++) {
            unique = name + "-" + i;
        }
        return unique;
    }

    private MixResult measureSqlite(List<Statement> statements) throws Exception {
        MixResult mix = new MixResult("SQLite, AmbiQT dev sets (C/T + J/P)", statements.size(), RAW, SANDBOXED,
                CACHED, POLICY, ENGINE);
        mix.rounds = SQLITE_ROUNDS;
        SQLiteConfig readOnly = new SQLiteConfig();
        readOnly.setReadOnly(true);
        Map<Path, Connection> rawConnections = new HashMap<>();
        try {
            RawRun raw = statement -> {
                Path file = statement.database().sqlitePath().orElseThrow();
                Connection connection = rawConnections.get(file);
                if (connection == null) {
                    connection = readOnly.createConnection("jdbc:sqlite:file:" + file + "?mode=ro");
                    rawConnections.put(file, connection);
                }
                return rawSqlite(connection, statement.sql());
            };
            SandboxedRun sandboxed = (database, allowed) -> sqliteEngine.executeBlocking(database, allowed.sql(),
                    allowed.explain(), defaultLimits());
            measure(mix, statements, raw, sandboxed, SQLITE_WARM_UP_ROUNDS, SQLITE_ROUNDS, null);
        } finally {
            for (Connection connection : rawConnections.values()) {
                connection.close();
            }
        }
        return mix;
    }

    private static int rawSqlite(Connection connection, String sql) throws SQLException {
        int rows = 0;
        try (PreparedStatement statement = connection.prepareStatement(sql);
                ResultSet result = statement.executeQuery()) {
            int width = result.getMetaData().getColumnCount();
            while (result.next()) {
                rows++;
                for (int i = 1; i <= width; i++) {
                    result.getObject(i);
                }
            }
        }
        return rows;
    }

    // ---- PostgreSQL: the demo tenant ----

    private List<Statement> postgresMix() throws IOException {
        TenantDatabase database = registry.lookup(PostgresTenant.DEMO.tenant(), PostgresTenant.DEMO.name());
        List<Statement> mix = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(getClass().getClassLoader()
                .getResourceAsStream("corpus/allowed.tsv"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t", 2);
                if (parts[0].equals("both") || parts[0].equals("pg")) {
                    mix.add(new Statement(database, parts[1].replace("\\n", "\n")));
                }
            }
        }
        ANALYTICAL_QUERIES.forEach(sql -> mix.add(new Statement(database, sql)));
        return mix;
    }

    private MixResult measurePostgres(List<Statement> statements) throws Exception {
        MixResult mix = new MixResult("PostgreSQL, demo/hotels-pg (allowed.tsv + analytical)", statements.size(),
                RAW, SANDBOXED, CACHED, POLICY, ENGINE, DISCARD, SELECT_1);
        mix.rounds = POSTGRES_ROUNDS;
        Pool pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(4)).connectingTo(new PgConnectOptions()
                .setHost(TenantDatabasesResource.postgresHost()).setPort(TenantDatabasesResource.postgresPort())
                .setDatabase(PostgresTenant.DEMO.database()).setUser(PostgresTenant.DEMO.role())
                .setPassword(PostgresTenant.DEMO.password())
                .setProperties(Map.of("search_path", PostgresTenant.DEMO.schema()))).using(vertx).build();
        try {
            RawRun raw = statement -> rawPostgres(pool, statement.sql());
            SandboxedRun sandboxed = (database, allowed) -> postgresEngine.execute(database, allowed.sql(),
                    allowed.explain(), defaultLimits()).await().indefinitely();
            // the session reset runs pipelined after the ROLLBACK: its cost is DISCARD ALL's server work,
            // approximated by a DISCARD ALL round trip less an empty one
            Map<String, Runnable> roundTrips = new LinkedHashMap<>();
            roundTrips.put(DISCARD, () -> pool.query("DISCARD ALL").executeAndAwait());
            roundTrips.put(SELECT_1, () -> pool.query("SELECT 1").executeAndAwait());
            measure(mix, statements, raw, sandboxed, POSTGRES_WARM_UP_ROUNDS, POSTGRES_ROUNDS, roundTrips);
        } finally {
            pool.closeAndAwait();
        }
        return mix;
    }

    private static int rawPostgres(Pool pool, String sql) {
        int rows = 0;
        for (Row row : pool.preparedQuery(sql).executeAndAwait()) {
            rows++;
            for (int i = 0; i < row.size(); i++) {
                row.getValue(i);
            }
        }
        return rows;
    }

    // ---- measuring ----

    /** Limits as Execute gives a call that sets none (StatementExecution.effectiveLimits), from now. */
    private ExecutionLimits defaultLimits() {
        ExecutorConfig.Limits limits = config.limits();
        long timeout = limits.defaultTimeout().toMillis();
        return new ExecutionLimits(timeout, System.nanoTime() + timeout * 1_000_000L, limits.defaultMaxRows(),
                limits.defaultMaxBytes(), limits.defaultMaxColumns(), limits.maxCellBytes(), limits.maxRowBytes());
    }

    /**
     * Checks each statement once each way (dropping those that fail raw, recording those that fail
     * sandboxed), then times the rest statement by statement: warm-up rounds, then rounds in which the
     * ways alternate, so that a change of machine load hits all of them alike.
     */
    private void measure(MixResult mix, List<Statement> statements, RawRun raw, SandboxedRun sandboxed,
            int warmUpRounds, int rounds, Map<String, Runnable> roundTrips) throws Exception {
        List<Statement> runnable = new ArrayList<>();
        for (Statement statement : statements) {
            int rawRows;
            try {
                rawRows = raw.rows(statement);
            } catch (Exception e) {
                mix.failedRaw.add(new Dropped(statement, firstLine(e.getMessage())));
                continue;
            }
            AllowedStatement allowed;
            try {
                allowed = policies.policyFor(statement.database()).check(statement.database(), statement.sql());
            } catch (SandboxException e) {
                mix.refused.add(new Dropped(statement, e.code() + " " + e.rule() + ": " + e.getMessage()));
                continue;
            }
            QueryResult result;
            try {
                result = sandboxed.run(statement.database(), allowed);
            } catch (RuntimeException e) {
                mix.failedSandboxed.add(new Dropped(statement, firstLine(e.getMessage())));
                continue;
            }
            if (result.truncated()) {
                mix.truncated++;
            } else if (result.rows().size() != rawRows) {
                mix.rowCountDiffers.add(new Dropped(statement, "raw " + rawRows + " rows, sandboxed "
                        + result.rows().size()));
                continue;
            }
            runnable.add(statement);
        }
        mix.timed = runnable.size();
        for (Statement statement : runnable) {
            TenantDatabase database = statement.database();
            String sql = statement.sql();
            for (int round = 0; round < warmUpRounds; round++) {
                raw.rows(statement);
                sandboxed.run(database, policies.policyFor(database).check(database, sql));
                sandboxed.run(database, policies.check(database, sql));
                if (roundTrips != null) {
                    roundTrips.values().forEach(Runnable::run);
                }
            }
            double[] rawTimes = mix.way(RAW).forStatement(rounds);
            double[] sandboxedTimes = mix.way(SANDBOXED).forStatement(rounds);
            double[] cachedTimes = mix.way(CACHED).forStatement(rounds);
            double[] policyTimes = mix.way(POLICY).forStatement(rounds);
            double[] engineTimes = mix.way(ENGINE).forStatement(rounds);
            Map<String, double[]> roundTripTimes = new LinkedHashMap<>();
            if (roundTrips != null) {
                roundTrips.keySet().forEach(way -> roundTripTimes.put(way, mix.way(way).forStatement(rounds)));
            }
            for (int round = 0; round < rounds; round++) {
                long start = System.nanoTime();
                raw.rows(statement);
                rawTimes[round] = millisSince(start);

                start = System.nanoTime();
                AllowedStatement allowed = policies.policyFor(database).check(database, sql);
                long checked = System.nanoTime();
                sandboxed.run(database, allowed);
                long ran = System.nanoTime();
                policyTimes[round] = (checked - start) / 1e6;
                engineTimes[round] = (ran - checked) / 1e6;
                sandboxedTimes[round] = (ran - start) / 1e6;

                start = System.nanoTime();
                sandboxed.run(database, policies.check(database, sql));
                cachedTimes[round] = millisSince(start);

                for (Map.Entry<String, double[]> way : roundTripTimes.entrySet()) {
                    start = System.nanoTime();
                    roundTrips.get(way.getKey()).run();
                    way.getValue()[round] = millisSince(start);
                }
            }
        }
    }

    private static double millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }

    private static double percentile(double[] values, int p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1))];
    }

    // ---- report ----

    private static String report(List<MixResult> mixes, Instant started, String loadBefore, String loadAfter) {
        List<String> lines = new ArrayList<>();
        lines.add("# Sandbox overhead (SandboxOverheadBench)");
        lines.add("");
        lines.add("Started " + started + ", " + Runtime.getRuntime().availableProcessors()
                + " processors, load average before: " + loadBefore + ", after: " + loadAfter + ".");
        lines.add("");
        lines.add("| mix | statements | failed raw (dropped) | refused by policy | failed sandboxed | row counts differ"
                + " | timed | truncated by default limits | rounds per statement |");
        lines.add("|---|---|---|---|---|---|---|---|---|");
        for (MixResult mix : mixes) {
            lines.add(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d | %d | %d |", mix.name,
                    mix.distinct, mix.failedRaw.size(), mix.refused.size(), mix.failedSandboxed.size(),
                    mix.rowCountDiffers.size(), mix.timed, mix.truncated, mix.rounds));
        }
        lines.add("");
        lines.add("| mix | way | p50 ms | p90 ms | p99 ms | p50 / raw p50 | p50 - raw p50 ms"
                + " | median per-statement ratio to raw |");
        lines.add("|---|---|---|---|---|---|---|---|");
        for (MixResult mix : mixes) {
            if (mix.timed == 0) {
                continue;
            }
            Timings raw = mix.way(RAW);
            double rawP50 = raw.p(50);
            mix.ways.forEach((name, timings) -> lines.add(String.format(Locale.ROOT,
                    "| %s | %s | %.3f | %.3f | %.3f | %.2f | %.3f | %.2f |", mix.name, name, timings.p(50),
                    timings.p(90), timings.p(99), timings.p(50) / rawP50, timings.p(50) - rawP50,
                    timings.medianRatioTo(raw))));
        }
        for (MixResult mix : mixes) {
            if (mix.ways.containsKey(DISCARD) && mix.timed > 0) {
                double resetCost = mix.way(DISCARD).p(50) - mix.way(SELECT_1).p(50);
                lines.add("");
                lines.add(String.format(Locale.ROOT, "%s: DISCARD ALL costs about %.3f ms more than an empty round"
                        + " trip (p50s); sandboxed p50 less that: %.3f ms, %.2f x raw p50 (an estimate: the reset"
                        + " is pipelined after the ROLLBACK, so it adds its server work, not a round trip).",
                        mix.name, resetCost, mix.way(SANDBOXED).p(50) - resetCost,
                        (mix.way(SANDBOXED).p(50) - resetCost) / mix.way(RAW).p(50)));
            }
        }
        for (MixResult mix : mixes) {
            list(lines, mix.name + ": refused by the policy", mix.refused);
            list(lines, mix.name + ": failed sandboxed", mix.failedSandboxed);
            list(lines, mix.name + ": row counts differ", mix.rowCountDiffers);
            list(lines, mix.name + ": failed raw (dropped)", mix.failedRaw);
        }
        return String.join("\n", lines) + "\n";
    }

    private static void list(List<String> lines, String title, List<Dropped> dropped) {
        if (dropped.isEmpty()) {
            return;
        }
        lines.add("");
        lines.add("### " + title + " (" + dropped.size() + (dropped.size() > EXAMPLES_LISTED
                ? ", the first " + EXAMPLES_LISTED + " listed" : "") + ")");
        lines.add("");
        for (Dropped d : dropped.subList(0, Math.min(EXAMPLES_LISTED, dropped.size()))) {
            lines.add("- `" + d.statement().database().key() + "`: `" + d.statement().sql().replace("\n", "\\n")
                    .replace("`", "'") + "` — " + d.why().replace("\n", " "));
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}

package dev.overtone.executor.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static dev.overtone.executor.bench.OverheadReport.*;

import dev.overtone.executor.bench.OverheadMix.Statement;
import dev.overtone.executor.bench.OverheadRounds.Memory;
import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.repository.PostgresEngine;
import dev.overtone.executor.repository.SessionReset;
import dev.overtone.executor.repository.SqliteEngine;
import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.service.policy.SandboxPolicies;
import dev.overtone.executor.support.BenchStatements;
import dev.overtone.executor.support.CallLimits;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.io.IOException;
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
 * a raw driver call, over realistic mixes of statements, in process (no gRPC), first-seen and repeated, with the
 * engine's remembered shapes (after) and without them (before) in the same run, and the goal's realistic-mix
 * reading ({@link RealisticMix}). Runs only when asked for:
 * {@code ./mvnw -B -o -pl executor-svc verify -Dtest=SandboxOverheadBench -Dsurefire.failIfNoSpecifiedTests=false}
 * SQLite: every distinct (database, SQL) of the AmbiQT development sets in ../shared/data (skipped when
 * absent). PostgreSQL: the demo tenant with corpus/allowed.tsv's PostgreSQL lines and a few analytical
 * queries. Writes target/bench/sandbox-overhead.md and fails when a statement that runs raw does not run
 * sandboxed.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class SandboxOverheadBench {
    private static final String BENCH_TENANT = "bench";
    private static final Path BENCH_TENANTS_FILE = TenantDatabasesResource.TENANTS_DIR
            .resolve("sandbox-bench.properties");
    private static final int SQLITE_WARM_UP_ROUNDS = 2;
    private static final int SQLITE_ROUNDS = 5;
    private static final int POSTGRES_WARM_UP_ROUNDS = 10;
    private static final int POSTGRES_ROUNDS = 20;
    /** interpreter-svc's overtone.interpreter.budget.execute: the timeout_ms of every statement it sends. */
    private static final java.time.Duration REALISTIC_TIMEOUT = java.time.Duration.ofSeconds(5);
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

    @Test
    void measureSandboxOverheadOnRealisticMixes() throws Exception {
        assumeTrue(Files.isDirectory(BenchStatements.SHARED_DATA), "the development sets are not there ("
                + BenchStatements.SHARED_DATA
                + "): the SQLite mix needs ../shared/data beside the repository; benchmark skipped");
        String loadBefore = loadAverage();
        Instant started = Instant.now();
        OverheadMix sqlite;
        try {
            sqlite = measureSqlite(sqliteMix());
        } finally {
            // 540 more databases would slow every later readiness check (it pings each) of a run without clean
            Files.deleteIfExists(BENCH_TENANTS_FILE);
            registry.reload();
        }
        OverheadMix postgres = measurePostgres(postgresMix());
        String report = OverheadReport.of(List.of(sqlite, postgres), started, loadBefore, loadAverage());
        System.out.println(report);
        Files.createDirectories(Path.of("target/bench"));
        Files.writeString(Path.of("target/bench/sandbox-overhead.md"), report);

        for (OverheadMix mix : List.of(sqlite, postgres)) {
            assertThat(mix.refused).as("%s: statements that run raw but the policy refuses", mix.name).isEmpty();
            assertThat(mix.failedSandboxed).as("%s: statements that run raw but fail sandboxed", mix.name).isEmpty();
            assertThat(mix.rowCountDiffers).as("%s: statements whose row counts differ", mix.name).isEmpty();
            assertThat(mix.timed).as("%s: statements timed", mix.name).isPositive();
        }
    }

    // ---- SQLite: the development sets ----

    /** Every distinct (database, SQL) of the development sets; each file registered as a database of "bench". */
    private List<Statement> sqliteMix() throws IOException {
        Map<Path, TreeSet<String>> sqlByFile = BenchStatements.sqliteByFile();
        Map<Path, String> databaseNames = new LinkedHashMap<>();
        TreeSet<String> namesTaken = new TreeSet<>();
        sqlByFile.keySet().forEach(file -> databaseNames.put(file, uniqueName(databaseName(file), namesTaken)));
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

    private OverheadMix measureSqlite(List<Statement> statements) throws Exception {
        OverheadMix mix = new OverheadMix("SQLite, AmbiQT dev sets (C/T + J/P)", statements.size(), SQLITE_ROUNDS,
                RAW, FIRST_SEEN, REPEATED_BEFORE, REPEATED, POLICY, ENGINE);
        SqliteEngine forgetful = new SqliteEngine(RememberingNothing.of(config));
        SQLiteConfig readOnly = new SQLiteConfig();
        readOnly.setReadOnly(true);
        Map<Path, Connection> rawConnections = new HashMap<>();
        try {
            OverheadRounds.RawRun raw = statement -> {
                Path file = statement.database().sqlitePath().orElseThrow();
                Connection connection = rawConnections.get(file);
                if (connection == null) {
                    connection = readOnly.createConnection("jdbc:sqlite:file:" + file + "?mode=ro");
                    rawConnections.put(file, connection);
                }
                return rawSqlite(connection, statement.sql());
            };
            OverheadRounds.SandboxedRun sandboxed = (database, allowed, memory) -> (memory == Memory.ALL ? sqliteEngine
                    : forgetful)
                    .executeBlocking(database, allowed.sql(), allowed.explain(), defaultLimits());
            new OverheadRounds(policies).measure(mix, statements, raw, sandboxed, SQLITE_WARM_UP_ROUNDS, SQLITE_ROUNDS, null);
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
        TenantDatabase database = PostgresTenant.DEMO.in(registry);
        List<Statement> mix = new ArrayList<>();
        BenchStatements.postgresAllowed().forEach(sql -> mix.add(new Statement(database, sql)));
        ANALYTICAL_QUERIES.forEach(sql -> mix.add(new Statement(database, sql)));
        return mix;
    }

    private OverheadMix measurePostgres(List<Statement> statements) throws Exception {
        OverheadMix mix = new OverheadMix("PostgreSQL, demo/hotels-pg (allowed.tsv + analytical)", statements.size(),
                POSTGRES_ROUNDS, RAW, FIRST_SEEN, REPEATED_BEFORE, REPEATED, POLICY, ENGINE, DISCARD, RESET, SELECT_1);
        PostgresEngine forgetful = new PostgresEngine(vertx, RememberingNothing.of(config));
        PostgresEngine keepingNone = new PostgresEngine(vertx, RememberingNothing.keepingNoStatements(config));
        Pool pool = PostgresTenant.DEMO.readerPool(vertx, 4);
        try {
            OverheadRounds.RawRun raw = statement -> rawPostgres(pool, statement.sql());
            OverheadRounds.SandboxedRun sandboxed = (database, allowed, memory) -> (memory == Memory.ALL ? postgresEngine
                    : memory == Memory.BEFORE ? keepingNone : forgetful).execute(database, allowed.sql(), allowed.explain(), defaultLimits()).await().indefinitely();
            // the session reset runs pipelined after the ROLLBACK: its cost is DISCARD ALL's server work,
            // approximated by a DISCARD ALL round trip less an empty one
            Map<String, Runnable> roundTrips = new LinkedHashMap<>();
            roundTrips.put(DISCARD, () -> pool.query("DISCARD ALL").executeAndAwait());
            roundTrips.put(RESET, () -> pool.query(SessionReset.LIGHT).executeAndAwait());
            roundTrips.put(SELECT_1, () -> pool.query("SELECT 1").executeAndAwait());
            new OverheadRounds(policies).measure(mix, statements, raw, sandboxed, POSTGRES_WARM_UP_ROUNDS, POSTGRES_ROUNDS, roundTrips);
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

    /**
     * Limits as Execute gives a call of the realistic mix (StatementExecution.effectiveLimits), from now: the time limit
     * interpreter-svc's statements carry (its budget.execute), the other caps the defaults.
     */
    private ExecutionLimits defaultLimits() {
        return CallLimits.serverDefaults(config.limits(), REALISTIC_TIMEOUT.toMillis());
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}

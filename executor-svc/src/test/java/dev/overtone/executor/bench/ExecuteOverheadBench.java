package dev.overtone.executor.bench;

import static dev.overtone.executor.support.Calls.execute;

import dev.overtone.executor.repository.CappedProjection;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import dev.overtone.proto.v1.ValueType;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgBuilder;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteConfig;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Not a test: the overhead benchmark of Execute. Surefire only picks up *Test classes, so it runs
 * only when asked for (it asserts no timing, only that the calls it compares return the same cells):
 * {@code ./mvnw -B -o -pl proto,executor-svc verify -Dtest=ExecuteOverheadBench -Dsurefire.failIfNoSpecifiedTests=false}
 * It compares Execute through gRPC (policy, limits, bulkhead, fingerprint, mapping, the wire) with a
 * raw sqlite-jdbc call and a raw reactive-pg call of the same query on the same data, sequentially
 * on one client thread, and writes target/bench/executor-overhead.md.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class ExecuteOverheadBench {
    private static final String SMALL = "SELECT id, name, city, stars FROM hotels";
    private static final String ONE_MS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
            + "WHERE i < 20000) SELECT count(*), sum(i) FROM n";
    private static final String ROWS_1000 = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
            + "WHERE i < 1000) SELECT i, i * 2, 'row ' || i FROM n";
    /** 1000 rows with a 1000-character text cell: what the byte caps measure and the batches fetch. */
    private static final String TEXT_1000_SQLITE = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
            + "WHERE i < 1000) SELECT i, hex(zeroblob(500)) FROM n";
    private static final String TEXT_1000_PG = "SELECT i, repeat('0', 1000) FROM generate_series(1, 1000) i";

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @Inject
    Vertx vertx;

    @Test
    void compareExecuteWithRawCalls() throws Exception {
        List<String> report = new ArrayList<>();
        report.add("| engine | query | raw p50 ms | raw p99 ms | raw capped p50 ms | Execute p50 ms | Execute p99 ms"
                + " | ratio p50 | capped/raw p50 | overhead p50 ms |");
        report.add("|---|---|---|---|---|---|---|---|---|---|");
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        Path file = TenantDatabasesResource.TENANTS.resolve("demo/hotels.sqlite");
        try (Connection raw = config.createConnection("jdbc:sqlite:file:" + file + "?mode=ro")) {
            for (String[] query : queries()) {
                String capped = cappedSqlite(raw, query[1]);
                report.add(row("sqlite", query[0], () -> rawSqlite(raw, query[1]), () -> rawSqlite(raw, capped),
                        () -> service("hotels", query[1]), Integer.parseInt(query[2])));
            }
            String cappedText = cappedSqlite(raw, TEXT_1000_SQLITE);
            report.add(row("sqlite", "1000 rows x 1 KB text", () -> rawSqlite(raw, TEXT_1000_SQLITE),
                    () -> rawSqlite(raw, cappedText), () -> service("hotels", TEXT_1000_SQLITE), 300));
            // a new text on every call: the policy parses each time (no decision cache hit)
            int[] counter = {0};
            String cappedSmall = cappedSqlite(raw, SMALL);
            report.add(row("sqlite", "8 rows, new text each call", () -> rawSqlite(raw, SMALL),
                    () -> rawSqlite(raw, cappedSmall), () -> service("hotels", SMALL + " /* " + counter[0]++ + " */"),
                    2000));
        }
        Pool pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(4)).connectingTo(new PgConnectOptions()
                .setHost("localhost").setPort(TenantDatabasesResource.postgresPort()).setDatabase(PostgresTenant.DEMO.database())
                .setUser(PostgresTenant.DEMO.role()).setPassword(PostgresTenant.DEMO.password())
                .setProperties(java.util.Map.of("search_path", "demo_hotels"))).using(vertx).build();
        try {
            for (String[] query : queries()) {
                String capped = cappedPostgres(pool, query[1]);
                report.add(row("postgresql", query[0], () -> rawPostgres(pool, query[1]),
                        () -> rawPostgres(pool, capped), () -> service("hotels-pg", query[1]),
                        Integer.parseInt(query[2])));
            }
            String cappedText = cappedPostgres(pool, TEXT_1000_PG);
            report.add(row("postgresql", "1000 rows x 1 KB text", () -> rawPostgres(pool, TEXT_1000_PG),
                    () -> rawPostgres(pool, cappedText), () -> service("hotels-pg", TEXT_1000_PG), 300));
        } finally {
            pool.closeAndAwait();
        }
        String text = String.join("\n", report) + "\n";
        System.out.println(text);
        Files.createDirectories(Path.of("target/bench"));
        Files.writeString(Path.of("target/bench/executor-overhead.md"), text);
    }

    private static List<String[]> queries() {
        return List.of(new String[] {"8 rows", SMALL, "2000"}, new String[] {"20k-step CTE, 1 row", ONE_MS, "300"},
                new String[] {"1000 rows x 3", ROWS_1000, "500"});
    }

    private static String row(String engine, String name, Callable<Integer> raw, Callable<Integer> rawCapped,
            Callable<Integer> service, int iterations) throws Exception {
        // the three calls compared must return the same cells, or the ratio compares different work
        int cells = raw.call();
        assertThat(cells).as("%s %s returns cells", engine, name).isPositive();
        assertThat(rawCapped.call()).as("%s %s capped, as the executor sends it", engine, name).isEqualTo(cells);
        assertThat(service.call()).as("%s %s through Execute", engine, name).isEqualTo(cells);
        for (int i = 0; i < Math.max(200, iterations / 2); i++) {
            raw.call();
            rawCapped.call();
            service.call();
        }
        // raw, raw capped and service calls alternate, so that a change of machine load hits all alike
        double[] rawTimes = new double[iterations];
        double[] cappedTimes = new double[iterations];
        double[] serviceTimes = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            rawTimes[i] = time(raw);
            cappedTimes[i] = time(rawCapped);
            serviceTimes[i] = time(service);
        }
        double rawP50 = percentile(rawTimes, 50);
        double cappedP50 = percentile(cappedTimes, 50);
        double serviceP50 = percentile(serviceTimes, 50);
        return String.format(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.2f | %.2f | %.3f |", engine,
                name, rawP50, percentile(rawTimes, 99), cappedP50, serviceP50, percentile(serviceTimes, 99),
                serviceP50 / rawP50, cappedP50 / rawP50, serviceP50 - rawP50);
    }

    /** The statement as the executor sends it to SQLite: wrapped so that SQLite cuts wide cells (default caps). */
    private static String cappedSqlite(Connection connection, String sql) throws Exception {
        List<String> names = new ArrayList<>();
        List<String> types = new ArrayList<>();
        try (PreparedStatement probe = connection.prepareStatement(sql)) {
            var meta = probe.getMetaData();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                names.add(meta.getColumnLabel(i));
                types.add(meta.getColumnTypeName(i));
            }
        }
        return CappedProjection.sqlite(sql, names, types, ExecuteOverheadBench::defaultCut).sql();
    }

    /** The statement as the executor sends it to PostgreSQL (without the LIMIT 0 probe's round trip). */
    private static String cappedPostgres(Pool pool, String sql) {
        List<String> names = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (var column : pool.preparedQuery("SELECT * FROM (" + sql + ") q LIMIT 0").executeAndAwait()
                .columnDescriptors()) {
            names.add(column.name());
            types.add(column.typeName());
        }
        return CappedProjection.postgres(sql, names, types, ExecuteOverheadBench::defaultCut).sql();
    }

    /** The cut of the default caps (max-cell-bytes 65536, max-row-bytes 1048576). */
    private static int defaultCut(int textColumns) {
        return Math.min(65_536, 1_048_576 / Math.max(1, textColumns));
    }

    private static double time(Callable<Integer> call) throws Exception {
        long start = System.nanoTime();
        call.call();
        return (System.nanoTime() - start) / 1e6;
    }

    private static double percentile(double[] times, int p) {
        double[] sorted = times.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    private static int rawSqlite(Connection connection, String sql) throws Exception {
        int cells = 0;
        try (PreparedStatement statement = connection.prepareStatement(sql); ResultSet rows = statement.executeQuery()) {
            int width = rows.getMetaData().getColumnCount();
            while (rows.next()) {
                for (int i = 1; i <= width; i++) {
                    if (rows.getObject(i) != null) {
                        cells++;
                    }
                }
            }
        }
        return cells;
    }

    private static int rawPostgres(Pool pool, String sql) {
        int cells = 0;
        for (Row row : pool.preparedQuery(sql).executeAndAwait()) {
            for (int i = 0; i < row.size(); i++) {
                if (row.getValue(i) != null) {
                    cells++;
                }
            }
        }
        return cells;
    }

    /** The non-NULL cells Execute returns, as the raw calls count them. */
    private int service(String database, String sql) {
        ExecuteRequest request = execute("demo", database, sql, Limits.newBuilder().setMaxRows(5000).build());
        ExecuteResponse response = executor.execute(request);
        assertThat(response.getTruncated()).as("%s is not cut by a limit", sql).isFalse();
        return (int) response.getRowsList().stream().flatMap(r -> r.getCellsList().stream()).filter(c -> c.getType() != ValueType.VALUE_TYPE_NULL).count();
    }
}

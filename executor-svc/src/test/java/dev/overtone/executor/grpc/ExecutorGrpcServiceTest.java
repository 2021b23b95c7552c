package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.TenantBulkhead;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class ExecutorGrpcServiceTest {

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @Inject
    TenantBulkhead bulkhead;

    @ParameterizedTest
    @ValueSource(strings = {"hotels", "hotels-pg"})
    void describeListsTheTenantsTablesWithKeysCountsAndSamples(String database) {
        Schema schema = describe(database, true).getSchema();

        assertThat(schema.getDialect()).isEqualTo(database.endsWith("-pg") ? "postgresql" : "sqlite");
        assertThat(schema.getTablesList()).extracting(Table::getName)
                .containsExactly("amenities", "bookings", "hotel_amenities", "hotels", "reviews", "rooms");
        Table hotels = table(schema, "hotels");
        assertThat(hotels.getSchemaName()).isEqualTo(database.endsWith("-pg") ? "demo_hotels" : "main");
        assertThat(hotels.getRowCount()).isEqualTo(8);
        assertThat(hotels.getPrimaryKeyList()).containsExactly("id");
        assertThat(hotels.getColumnsList()).extracting(Column::getName)
                .containsExactly("id", "name", "city", "stars", "opened");
        Column stars = hotels.getColumns(3);
        assertThat(stars.getValueType()).isEqualTo(ValueType.VALUE_TYPE_INTEGER);
        assertThat(stars.getNullable()).isFalse();
        assertThat(hotels.getColumns(4).getNullable()).isTrue();
        assertThat(hotels.getColumns(4).getValueType()).isEqualTo(ValueType.VALUE_TYPE_DATE);
        assertThat(hotels.getColumns(0).getPrimaryKey()).isTrue();
        // Lisbon and Porto have two hotels each: most frequent first
        assertThat(hotels.getColumns(2).getSampleValuesList()).hasSize(5).startsWith("Lisbon", "Porto");
        Table reviews = table(schema, "reviews");
        assertThat(reviews.getForeignKeysList()).singleElement().satisfies(fk -> {
            assertThat(fk.getColumnsList()).containsExactly("hotel_id");
            assertThat(fk.getReferencedTable()).isEqualTo("hotels");
            assertThat(fk.getReferencedColumnsList()).containsExactly("id");
        });
        assertThat(table(schema, "hotel_amenities").getPrimaryKeyList()).containsExactly("hotel_id", "amenity_id");
        assertThat(reviews.getColumns(3).getValueType()).isEqualTo(ValueType.VALUE_TYPE_REAL);
    }

    @Test
    void describeIsCachedUntilRefreshedAndItsVersionIsStable() {
        DescribeResponse fresh = describe("hotels", true);
        DescribeResponse cached = describe("hotels", false);
        assertThat(fresh.getCached()).isFalse();
        assertThat(cached.getCached()).isTrue();
        assertThat(cached.getSchema().getVersion()).isEqualTo(fresh.getSchema().getVersion()).isNotEmpty();
        assertThat(describe("hotels", true).getCached()).isFalse();
        assertThat(describe("crm", false).getSchema().getVersion()).isNotEqualTo(fresh.getSchema().getVersion());
    }

    @Test
    void describeOfTheOtherTenantListsOnlyItsOwnTables() {
        Schema crm = executor.describe(DescribeRequest.newBuilder().setTenant("other").setDatabase("crm-pg").build())
                .getSchema();
        assertThat(crm.getTablesList()).extracting(Table::getName).containsExactly("customers");
    }

    @ParameterizedTest
    @ValueSource(strings = {"hotels", "hotels-pg"})
    void executeReturnsTypedCells(String database) {
        ExecuteResponse response = executor.execute(execute("demo", database,
                "SELECT id, name, stars, opened, NULL AS missing, 1.5 AS r FROM hotels WHERE id = 1"));

        assertThat(response.getColumnsList()).extracting(c -> c.getName())
                .containsExactly("id", "name", "stars", "opened", "missing", "r");
        List<Cell> cells = response.getRows(0).getCellsList();
        assertThat(cells.get(0)).isEqualTo(cell(ValueType.VALUE_TYPE_INTEGER, "1"));
        assertThat(cells.get(1)).isEqualTo(cell(ValueType.VALUE_TYPE_TEXT, "Grand Plaza"));
        assertThat(cells.get(2)).isEqualTo(cell(ValueType.VALUE_TYPE_INTEGER, "5"));
        assertThat(cells.get(3).getText()).isEqualTo("1998-04-01");
        assertThat(cells.get(4)).isEqualTo(cell(ValueType.VALUE_TYPE_NULL, ""));
        assertThat(cells.get(5)).isEqualTo(cell(ValueType.VALUE_TYPE_REAL, "1.5"));
        assertThat(response.getTruncated()).isFalse();
        assertThat(response.getEmpty()).isFalse();
        assertThat(response.getElapsedMicros()).isPositive();
    }

    @Test
    void theSameReadingHasTheSameFingerprintOnBothEngines() {
        String byStars = "SELECT name, stars FROM hotels";
        String byScore = "SELECT h.name, avg(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name";
        String byScoreReordered = "SELECT avg(r.score), h.name FROM reviews r JOIN hotels h ON r.hotel_id = h.id "
                + "GROUP BY h.name";
        ExecuteResponse liteStars = executor.execute(execute("demo", "hotels", byStars));
        ExecuteResponse pgStars = executor.execute(execute("demo", "hotels-pg", byStars));
        ExecuteResponse liteScore = executor.execute(execute("demo", "hotels", byScore));
        ExecuteResponse pgScore = executor.execute(execute("demo", "hotels-pg", byScoreReordered));

        assertThat(pgStars.getFingerprint()).isEqualTo(liteStars.getFingerprint());
        assertThat(pgScore.getFingerprint()).isEqualTo(liteScore.getFingerprint());
        assertThat(liteScore.getFingerprint()).isNotEqualTo(liteStars.getFingerprint());
    }

    @Test
    void orderedIsSetByATopLevelOrderByOnly() {
        ExecuteResponse ordered = executor.execute(execute("demo", "hotels", "SELECT name FROM hotels ORDER BY name"));
        ExecuteResponse reversed = executor.execute(execute("demo", "hotels",
                "SELECT name FROM hotels ORDER BY name DESC"));
        ExecuteResponse unordered = executor.execute(execute("demo", "hotels", "SELECT name FROM hotels"));
        ExecuteResponse window = executor.execute(execute("demo", "hotels",
                "SELECT name, rank() OVER (ORDER BY stars) FROM hotels"));
        ExecuteResponse nested = executor.execute(execute("demo", "hotels",
                "SELECT name FROM (SELECT name FROM hotels ORDER BY name) s"));

        assertThat(ordered.getOrdered()).isTrue();
        assertThat(ordered.getFingerprint()).isNotEqualTo(reversed.getFingerprint());
        assertThat(ordered.getCellMultisetFingerprint()).isEqualTo(unordered.getFingerprint())
                .isEqualTo(reversed.getCellMultisetFingerprint());
        assertThat(unordered.getOrdered()).isFalse();
        assertThat(window.getOrdered()).isFalse();
        assertThat(nested.getOrdered()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"hotels", "hotels-pg"})
    void emptyResultsAreMarked(String database) {
        ExecuteResponse response = executor.execute(execute("demo", database, "SELECT name FROM hotels WHERE stars > 9"));
        assertThat(response.getEmpty()).isTrue();
        assertThat(response.getFingerprint()).isEqualTo("empty");
        assertThat(response.getColumnsList()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hotels", "hotels-pg"})
    void rowAndByteLimitsTruncate(String database) {
        ExecuteResponse three = executor.execute(execute("demo", database, "SELECT id FROM hotels",
                Limits.newBuilder().setMaxRows(3).build()));
        ExecuteResponse all = executor.execute(execute("demo", database, "SELECT id FROM hotels",
                Limits.newBuilder().setMaxRows(8).build()));
        ExecuteResponse bytes = executor.execute(execute("demo", database, "SELECT name FROM hotels",
                Limits.newBuilder().setMaxBytes(30).build()));

        assertThat(three.getRowsCount()).isEqualTo(3);
        assertThat(three.getTruncated()).isTrue();
        assertThat(all.getRowsCount()).isEqualTo(8);
        assertThat(all.getTruncated()).isFalse();
        assertThat(bytes.getTruncated()).isTrue();
        assertThat(bytes.getRowsList().stream().mapToInt(r -> r.getCells(0).getText().length()).sum())
                .isLessThanOrEqualTo(30);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hotels", "hotels-pg"})
    void tooManyColumnsIsInvalid(String database) {
        assertStatus(() -> executor.execute(execute("demo", database, "SELECT id, name, city FROM hotels",
                Limits.newBuilder().setMaxColumns(2).build())), Status.Code.INVALID_ARGUMENT, "3 columns");
    }

    @Test
    void badLimitsAndUnknownNamesAreClear() {
        assertStatus(() -> executor.execute(execute("demo", "hotels", "SELECT 1",
                Limits.newBuilder().setMaxRows(0).build())), Status.Code.INVALID_ARGUMENT, "max_rows");
        assertStatus(() -> executor.execute(execute("nobody", "hotels", "SELECT 1")), Status.Code.NOT_FOUND,
                "unknown tenant 'nobody'");
        assertStatus(() -> executor.execute(execute("demo", "nothing", "SELECT 1")), Status.Code.NOT_FOUND,
                "no database 'nothing'");
        assertStatus(() -> executor.describe(DescribeRequest.newBuilder().setTenant("other").setDatabase("hotels")
                .build()), Status.Code.NOT_FOUND, "no database 'hotels'");
        assertStatus(() -> executor.execute(execute("Demo;--", "hotels", "SELECT 1")), Status.Code.INVALID_ARGUMENT,
                "tenant must match");
        assertStatus(() -> executor.execute(execute("demo", "hotels", "SELECT nope FROM hotels")),
                Status.Code.INVALID_ARGUMENT, "no such column");
        assertStatus(() -> executor.execute(execute("demo", "hotels-pg", "SELECT nope FROM hotels")),
                Status.Code.INVALID_ARGUMENT, "nope");
    }

    @Test
    void anUnreachablePostgresDatabaseIsUnavailableNotFatal() {
        assertStatus(() -> executor.execute(execute("lab", "down-pg", "SELECT 1")), Status.Code.UNAVAILABLE,
                "lab/down-pg");
        assertThat(executor.execute(execute("lab", "hotels-copy", "SELECT count(*) FROM hotels")).getRows(0)
                .getCells(0).getText()).isEqualTo("8");
    }

    @ParameterizedTest
    @ValueSource(strings = {"hotels", "hotels-pg"})
    void aRunawayStatementIsCancelledAtItsTimeout(String database) {
        String forever = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT max(n) FROM r";
        long start = System.nanoTime();
        assertStatus(() -> executor.execute(execute("demo", database, forever,
                Limits.newBuilder().setTimeoutMs(300).build())), Status.Code.DEADLINE_EXCEEDED, "300 ms");
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(300 + 100 + 300);
        // the service (and its pool) is fine afterwards
        assertThat(executor.execute(execute("demo", database, "SELECT 1")).getRowsCount()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hotels", "hotels-pg"})
    void theGrpcDeadlineLowersTheTimeout(String database) throws InterruptedException {
        String forever = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT max(n) FROM r";
        assertStatus(() -> executor.withDeadlineAfter(400, TimeUnit.MILLISECONDS).execute(execute("demo", database,
                forever, Limits.newBuilder().setTimeoutMs(30_000).build())), Status.Code.DEADLINE_EXCEEDED, "");
        // the bulkhead is free again only when the server really stopped the statement
        awaitBulkheadFree("demo", 2_000);
    }

    @Test
    void aFullBulkheadRefusesWithTheLimitInTheMessage() {
        List<UniEmitter<? super Object>> held = new ArrayList<>();
        try {
            int refused = hold("demo", bulkhead.limit(), held);
            assertThat(refused).isZero();
            // it waits for a slot within its time limit, then is refused naming the limit
            assertStatus(() -> executor.execute(execute("demo", "hotels", "SELECT 1",
                    Limits.newBuilder().setTimeoutMs(300).build())),
                    Status.Code.RESOURCE_EXHAUSTED, "max-concurrent=" + bulkhead.limit());
            // another tenant is not affected
            assertThat(executor.execute(execute("other", "crm", "SELECT 1")).getRowsCount()).isEqualTo(1);
        } finally {
            held.forEach(e -> e.complete(null));
        }
        assertThat(executor.execute(execute("demo", "hotels", "SELECT 1")).getRowsCount()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hotels", "hotels-pg"})
    void callsBeyondTheBulkheadWaitForASlotWithinTheirDeadline(String database) throws Exception {
        List<UniEmitter<? super Object>> held = new ArrayList<>();
        int waiting = 2 * bulkhead.limit();
        List<java.util.concurrent.CompletableFuture<ExecuteResponse>> calls = new ArrayList<>();
        var pool = java.util.concurrent.Executors.newFixedThreadPool(waiting);
        try {
            assertThat(hold("demo", bulkhead.limit(), held)).isZero();
            for (int i = 0; i < waiting; i++) {
                calls.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> executor.execute(execute("demo",
                        database, "SELECT count(*) FROM hotels", Limits.newBuilder().setTimeoutMs(20_000).build())),
                        pool));
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (bulkhead.queued("demo") < waiting) {
                assertThat(System.nanoTime()).as("all calls queue behind the full bulkhead").isLessThan(deadline);
                Thread.sleep(10);
            }
            held.forEach(e -> e.complete(null));
            held.clear();
            for (var call : calls) {
                assertThat(call.get(20, TimeUnit.SECONDS).getRows(0).getCells(0).getText()).isEqualTo("8");
            }
        } finally {
            held.forEach(e -> e.complete(null));
            pool.shutdownNow();
        }
    }

    /** Takes up to {@code count} permits of the tenant; returns how many were refused. */
    private int hold(String tenant, int count, List<UniEmitter<? super Object>> held) {
        AtomicInteger refused = new AtomicInteger();
        for (int i = 0; i < count; i++) {
            bulkhead.run(tenant, () -> Uni.createFrom().emitter(held::add)).subscribe()
                    .with(x -> { }, e -> refused.incrementAndGet());
        }
        return refused.get();
    }

    @Test
    void aTenantFileDroppedAtRuntimeIsPickedUpOnTheNextLookup() throws Exception {
        Files.writeString(TenantDatabasesResource.TENANTS_DIR.resolve("late.properties"),
                "late.books.engine=sqlite\nlate.books.path="
                        + TenantDatabasesResource.TENANTS.resolve("other/crm.sqlite") + "\n");
        long deadline = System.nanoTime() + 3_000_000_000L;
        ExecuteResponse response = null;
        while (response == null) {
            try {
                response = executor.execute(execute("late", "books", "SELECT count(*) FROM customers"));
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.NOT_FOUND || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
        assertThat(response.getRows(0).getCells(0).getText()).isEqualTo("5");
    }

    private void awaitBulkheadFree(String tenant, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (true) {
            List<UniEmitter<? super Object>> held = new ArrayList<>();
            int refused = hold(tenant, bulkhead.limit(), held);
            held.forEach(e -> e.complete(null));
            if (refused == 0) {
                return;
            }
            assertThat(System.nanoTime()).as("the timed-out statement still holds a bulkhead permit")
                    .isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private DescribeResponse describe(String database, boolean refresh) {
        return executor.describe(DescribeRequest.newBuilder().setTenant(database.startsWith("crm") ? "other" : "demo")
                .setDatabase(database).setRefresh(refresh).build());
    }

    private static Table table(Schema schema, String name) {
        return schema.getTablesList().stream().filter(t -> t.getName().equals(name)).findFirst().orElseThrow();
    }

    private static Cell cell(ValueType type, String text) {
        return Cell.newBuilder().setType(type).setText(text).build();
    }

    static void assertStatus(Runnable call, Status.Code code, String messagePart) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).as(e.getStatus().toString()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).contains(messagePart);
        });
    }
}

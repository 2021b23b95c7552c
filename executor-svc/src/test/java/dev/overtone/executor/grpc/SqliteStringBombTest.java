package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.TenantBulkhead;
import dev.overtone.executor.support.BulkheadSlots;
import dev.overtone.executor.support.EngineWallsOnlyPolicy;
import dev.overtone.executor.support.ServerCpu;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SQLite functions that do quadratic work inside one VM step (instr, replace, trim, LIKE, GLOB on values as
 * large as sqlite.max-length) end within their time limit + 1 s of work, and do not keep the tenant's capacity: its
 * other statements run while a bomb runs and once bombs that filled its bulkhead end. Values are sized from
 * the configured limits, so the bombs are the worst the configuration allows. Each bomb repeats over rows,
 * with values that depend on the row (so that SQLite cannot compute them once), and would run for hours.
 * The bound on a bomb's end is CPU time (what one step past the deadline costs), not wall time: on a loaded
 * machine the same last step takes several times as long on the clock. Waits on the clock are bounds only.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class SqliteStringBombTest {
    /** The engine's walls alone: the policy would refuse most of these builders before SQLite saw them. */
    private static final String TENANT = EngineWallsOnlyPolicy.TENANT;
    private static final int LIMIT_MS = 1_000;
    private static final int ENGINE_END_MS = LIMIT_MS + 1_000;
    /** How long a test waits on the clock for a condition (a bomb seen running, its end, the tenant's statements). */
    private static final int WAIT_MS = 10_000;
    /** How long a test waits to see a bomb running on the server (its call's start can take seconds under load). */
    private static final int SEEN_RUNNING_MS = 3_000;
    private static final String ROWS = "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k LIMIT 100000)";
    private static final Map<String, String> BOMBS = Map.of(
            "instr", ROWS + " SELECT count(*) FROM k WHERE instr({big}, {half} || 'b') > 0",
            "instr-doubling", ROWS + ", r(s) AS (SELECT 'a' UNION ALL SELECT s || s FROM r LIMIT {doublings})"
                    + " SELECT count(*) FROM k, (SELECT max(s) AS s FROM r)"
                    + " WHERE instr(s || i, substr(s, length(s) / 2) || 'b') > 0",
            "instr-blob", ROWS + " SELECT count(*) FROM k WHERE instr(zeroblob({n} - i % 2), zeroblob({n} / 2) || x'01') > 0",
            "replace-hex", ROWS + " SELECT count(*) FROM k WHERE length(replace(hex(zeroblob({n} / 2 - i % 2)),"
                    + " substr(hex(zeroblob({n} / 2)), 1, {n} / 2) || 'b', 'x')) > 0",
            "replace-built-by-replace", ROWS + " SELECT count(*) FROM k WHERE"
                    + " length(replace(replace(hex(zeroblob({n} / 2 - i % 2)), '0', 'a'), {half} || 'b', 'x')) > 0",
            "trim", ROWS + " SELECT count(*) FROM k WHERE length(trim({big}, printf('%.*c', {n} / 16, 'b') || 'a')) > 0",
            "rtrim", ROWS + " SELECT count(*) FROM k WHERE length(rtrim({big}, printf('%.*c', {n} / 16, 'b') || 'a')) > 0",
            "like", ROWS + " SELECT count(*) FROM k WHERE {big} LIKE {likePattern}",
            "glob", ROWS + " SELECT count(*) FROM k WHERE glob({globPattern}, {big})"); // the policy parses no GLOB operator

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @Inject
    TenantBulkhead bulkhead;

    @Inject
    ExecutorConfig config;

    @ParameterizedTest
    @ValueSource(strings = {"instr", "instr-doubling", "instr-blob", "replace-hex", "replace-built-by-replace", "trim",
            "rtrim", "like", "glob"})
    void aBombEndsWithinItsTimeLimitAndASecondOfWorkAndGivesItsSlotBack(String bomb) throws InterruptedException {
        long start = System.nanoTime();
        ServerCpu cpu = ServerCpu.mark();
        StatusRuntimeException e = catchThrowableOfType(() -> executor.execute(execute(TENANT, "hotels", sql(bomb),
                Limits.newBuilder().setTimeoutMs(LIMIT_MS).build())), StatusRuntimeException.class);
        long answered = millisSince(start);
        long ended = awaitBulkheadFree(start, WAIT_MS);
        long worked = cpu.millisSinceMark();
        System.out.printf("bomb %-26s answered after %5d ms, ended on the engine after %5d ms (%5d ms of CPU): %s%n",
                bomb, answered, ended, worked,
                e == null ? "a result" : e.getStatus().getCode() + " " + e.getStatus().getDescription());
        assertThat(e).as("%s ran to its deadline", bomb).isNotNull();
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(e.getStatus().getDescription()).contains(LIMIT_MS + " ms");
        assertThat(worked).as("%s ended on the engine (its bulkhead slot came back) within limit + 1 s of work", bomb)
                .isLessThanOrEqualTo(ENGINE_END_MS);
    }

    @Test
    void theKnobsThatBoundOneStepRefuseNamingThemselves() {
        int maxLength = config.sqlite().maxLength();
        int pattern = config.sqlite().likePatternLength();
        assertExhausted("SELECT length(printf('%.*c', " + (maxLength + 1) + ", 'a'))", "sqlite.max-length");
        String big = "printf('%.*c', " + (maxLength - 64) + ", 'a')";
        assertExhausted("SELECT length(replace(" + big + ", 'a', 'aa'))", "sqlite.max-length");
        assertExhausted("SELECT " + big + " LIKE '%" + "a".repeat(pattern) + "b'", "sqlite.like-pattern-length");
        assertExhausted("SELECT name FROM hotels WHERE glob('*" + "?".repeat(pattern) + "', name)",
                "sqlite.like-pattern-length");
    }

    @Test
    void theKnobsOnTheShapeOfAStatementRefuseNamingThemselves() {
        int terms = config.sqlite().compoundSelect() + 1;
        assertRefused(String.join(" UNION ALL ", java.util.Collections.nCopies(terms, "SELECT 1")),
                "sqlite.compound-select");
        int arguments = config.sqlite().functionArgs() + 1;
        assertRefused("SELECT max(" + String.join(", ", java.util.Collections.nCopies(arguments, "1")) + ")",
                "sqlite.function-args");
        int depth = config.sqlite().exprDepth() + 1;
        assertRefused("SELECT count(*) FROM hotels WHERE " + String.join(" OR ",
                java.util.Collections.nCopies(depth, "stars = 6")), "sqlite.expr-depth");
    }

    private void assertRefused(String sql, String knob) {
        StatusRuntimeException e = catchThrowableOfType(() -> executor.execute(execute(TENANT, "hotels", sql,
                Limits.newBuilder().setTimeoutMs(5 * LIMIT_MS).build())), StatusRuntimeException.class);
        assertThat(e).as(knob).isNotNull();
        assertThat(e.getStatus().getCode()).as(knob).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).contains(knob);
    }

    @Test
    void benignStatementsOfTheTenantRunWhileABombRuns() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            // the benign statements get the bomb's limit less the bound on seeing it run, whatever its start took
            CompletableFuture<StatusRuntimeException> bomb = CompletableFuture.supplyAsync(() -> catchThrowableOfType(
                    () -> executor.execute(execute(TENANT, "hotels", sql("instr"),
                            Limits.newBuilder().setTimeoutMs(2 * SEEN_RUNNING_MS).build())), StatusRuntimeException.class),
                    pool);
            await("the bomb holds its slot").atMost(Duration.ofMillis(SEEN_RUNNING_MS)).pollInterval(Duration.ofMillis(5))
                    .until(() -> BulkheadSlots.inUse(bulkhead, TENANT) > 0);
            for (int i = 0; i < 10; i++) {
                assertBenignRuns(SEEN_RUNNING_MS);
            }
            assertThat(BulkheadSlots.inUse(bulkhead, TENANT)).as("the bomb still runs after the benign statements")
                    .isPositive();
            assertThat(bomb).as("the benign statements were answered while the bomb ran").isNotDone();
            assertThat(bomb.get(WAIT_MS, TimeUnit.MILLISECONDS).getStatus().getCode())
                    .isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void afterBombsFilledTheBulkheadTheTenantsStatementsRunAgainOnceTheyEnd() throws Exception {
        List<String> kinds = List.copyOf(BOMBS.keySet());
        int bombs = bulkhead.limit();
        ExecutorService pool = Executors.newFixedThreadPool(bombs);
        try {
            List<CompletableFuture<StatusRuntimeException>> running = new ArrayList<>();
            for (int i = 0; i < bombs; i++) {
                String sql = sql(kinds.get(i % kinds.size()));
                running.add(CompletableFuture.supplyAsync(() -> catchThrowableOfType(() -> executor.execute(
                        execute(TENANT, "hotels", sql, Limits.newBuilder().setTimeoutMs(LIMIT_MS).build())),
                        StatusRuntimeException.class), pool));
            }
            // they wait for a slot behind the bombs, which end at their limit plus their last step each (how much work
            // that is is bounded above; on the clock it grows with the machine's load)
            for (int i = 0; i < 2 * bombs; i++) {
                assertBenignRuns(WAIT_MS);
            }
            for (var bomb : running) {
                assertThat(bomb.get(WAIT_MS, TimeUnit.MILLISECONDS).getStatus().getCode())
                        .isEqualTo(Status.Code.DEADLINE_EXCEEDED);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void assertBenignRuns(int timeoutMs) {
        ExecuteResponse response = executor.execute(execute(TENANT, "hotels",
                "SELECT count(*), sum(instr(name, 'o')), max(replace(city, 'o', '0')), min(trim(name, 'H')),"
                        + " sum(name LIKE '%a%') FROM hotels",
                Limits.newBuilder().setTimeoutMs(timeoutMs).build()));
        assertThat(response.getRows(0).getCells(0).getText()).isEqualTo("8");
    }

    private void assertExhausted(String sql, String knob) {
        StatusRuntimeException e = catchThrowableOfType(() -> executor.execute(execute(TENANT, "hotels", sql,
                Limits.newBuilder().setTimeoutMs(LIMIT_MS).build())), StatusRuntimeException.class);
        assertThat(e).as(sql).isNotNull();
        assertThat(e.getStatus().getCode()).as(sql).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(e.getStatus().getDescription()).contains(knob);
    }

    private String sql(String bomb) {
        return resolve(BOMBS.get(bomb));
    }

    /** The bomb's text with its values sized to the configured limits. */
    private String resolve(String template) {
        int n = config.sqlite().maxLength() - 64;
        int pairs = (config.sqlite().likePatternLength() - 2) / 2;
        int doublings = 31 - Integer.numberOfLeadingZeros(n); // 2^(doublings - 1) <= n / 2: a row holds s and s || i
        return template.replace("{big}", "printf('%.*c', {n} - i % 2, 'a')")
                .replace("{half}", "printf('%.*c', {n} / 2, 'a')")
                .replace("{likePattern}", "'%" + "a_".repeat(pairs) + "b'")
                .replace("{globPattern}", "'*" + "a?".repeat(pairs) + "b'")
                .replace("{doublings}", String.valueOf(doublings))
                .replace("{n}", String.valueOf(n));
    }

    /** Milliseconds from {@code start} until every bulkhead slot of the tenant is free (the bomb ended on the engine). */
    private long awaitBulkheadFree(long start, long boundMs) throws InterruptedException {
        await("the bomb gives its bulkhead slot back").atMost(Duration.ofMillis(boundMs))
                .pollInterval(Duration.ofMillis(5)).until(() -> BulkheadSlots.inUse(bulkhead, TENANT) == 0);
        return millisSince(start);
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}

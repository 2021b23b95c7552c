package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.TenantBulkhead;
import dev.overtone.executor.support.EngineWallsOnlyPolicy;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SQLite functions that do quadratic work inside one VM step (instr, replace, trim, LIKE, GLOB on values as
 * large as sqlite.max-length) end within their time limit + 1 s, and do not keep the tenant's capacity: its
 * other statements run while a bomb runs and right after bombs filled its bulkhead. Values are sized from
 * the configured limits, so the bombs are the worst the configuration allows. Each bomb repeats over rows,
 * with values that depend on the row (so that SQLite cannot compute them once), and runs to its deadline.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class SqliteStringBombTest {
    /** The engine's walls alone: the policy would refuse most of these builders before SQLite saw them. */
    private static final String TENANT = EngineWallsOnlyPolicy.TENANT;
    private static final int LIMIT_MS = 1_000;
    private static final int ENGINE_END_MS = LIMIT_MS + 1_000;
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
    void aBombEndsWithinItsTimeLimitAndASecondAndGivesItsSlotBack(String bomb) throws InterruptedException {
        long start = System.nanoTime();
        StatusRuntimeException e = catchThrowableOfType(() -> executor.execute(execute(TENANT, "hotels", sql(bomb),
                Limits.newBuilder().setTimeoutMs(LIMIT_MS).build())), StatusRuntimeException.class);
        long answered = millisSince(start);
        long ended = awaitBulkheadFree(start, ENGINE_END_MS + 5_000);
        System.out.printf("bomb %-26s answered after %5d ms, ended on the engine after %5d ms: %s%n", bomb,
                answered, ended, e == null ? "a result" : e.getStatus().getCode() + " " + e.getStatus().getDescription());
        assertThat(e).as("%s ran to its deadline", bomb).isNotNull();
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(e.getStatus().getDescription()).contains(LIMIT_MS + " ms");
        assertThat(ended).as("%s ended on the engine (its bulkhead slot came back) within limit + 1 s", bomb)
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
            CompletableFuture<Long> bomb = CompletableFuture.supplyAsync(() -> {
                long start = System.nanoTime();
                catchThrowableOfType(() -> executor.execute(execute(TENANT, "hotels", sql("instr"),
                        Limits.newBuilder().setTimeoutMs(3 * LIMIT_MS).build())), StatusRuntimeException.class);
                return System.nanoTime();
            }, pool);
            for (int i = 0; i < 10; i++) {
                assertBenignRuns(2 * LIMIT_MS);
            }
            long benignDone = System.nanoTime();
            assertThat(bomb.get(3 * LIMIT_MS + ENGINE_END_MS, TimeUnit.MILLISECONDS))
                    .as("the benign statements ran while the bomb ran").isGreaterThan(benignDone);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void afterBombsFilledTheBulkheadTheTenantsStatementsRunAgainWithinASecond() throws Exception {
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
            // they wait for a slot behind the bombs: the bombs' limit, then at most a second for them to end
            for (int i = 0; i < 2 * bombs; i++) {
                assertBenignRuns(LIMIT_MS + ENGINE_END_MS);
            }
            for (var bomb : running) {
                assertThat(bomb.get(ENGINE_END_MS, TimeUnit.MILLISECONDS).getStatus().getCode())
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
        while (true) {
            List<UniEmitter<? super Object>> held = new ArrayList<>();
            AtomicInteger refused = new AtomicInteger();
            for (int i = 0; i < bulkhead.limit(); i++) {
                bulkhead.run(TENANT, () -> Uni.createFrom().emitter(held::add)).subscribe()
                        .with(x -> { }, failure -> refused.incrementAndGet());
            }
            held.forEach(e -> e.complete(null));
            long elapsed = millisSince(start);
            if (refused.get() == 0) {
                return elapsed;
            }
            assertThat(elapsed).as("the bomb still holds its bulkhead slot").isLessThan(boundMs);
            Thread.sleep(5);
        }
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}

package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.repository.QueryResult;
import dev.overtone.executor.support.MappedConfig;
import io.grpc.Status;
import io.smallrye.mutiny.Uni;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch's own rules, over a stand-in for the one-statement seam (whose rules {@code StatementExecutionTest} checks):
 * its size bounds, an unknown tenant failing the call, each statement's failure its own, each outcome with its statement's
 * position, and at most the bulkhead's limit of statements in flight at once.
 */
class StatementBatchTest {
    private static final int MAX_STATEMENTS = 12;
    private static final int IN_FLIGHT = 3;

    @TempDir
    Path dir;

    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger mostRunning = new AtomicInteger();
    private final AtomicInteger limitsAsked = new AtomicInteger();

    @Test
    void eachOutcomeComesOnceWithItsStatementsPositionThoughTheLaterStatementsFinishFirst() {
        List<String> sqls = IntStream.range(0, 9).mapToObj(i -> "SELECT " + i).toList();

        List<StatementBatch.Finished> finished = stream(sqls);

        assertThat(finished).extracting(StatementBatch.Finished::statement).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(finished).allSatisfy(f -> assertThat(f.outcome().result().result().elapsedMicros()).isEqualTo(f.statement()));
    }

    @Test
    void atMostTheBulkheadsLimitOfStatementsRunAtOnceAndEachAsksForItsLimitsAsItStarts() {
        run(IntStream.range(0, MAX_STATEMENTS).mapToObj(i -> "SELECT " + i).toList());

        assertThat(mostRunning.get()).as("statements running at once").isEqualTo(IN_FLIGHT);
        assertThat(limitsAsked.get()).as("limits asked for, one per statement").isEqualTo(MAX_STATEMENTS);
    }

    @Test
    void aStatementsFailureIsItsOwnOutcomeAndTheOthersStillRun() {
        List<StatementBatch.Outcome> outcomes = run(List.of("SELECT 0", "FAIL", "SELECT 2"));

        assertThat(outcomes.get(0).failure()).isNull();
        assertThat(outcomes.get(1).result()).isNull();
        assertThat(outcomes.get(1).failure()).isInstanceOf(SandboxException.class).hasMessage("refused by rule test: FAIL");
        assertThat(outcomes.get(2).result().result().elapsedMicros()).isEqualTo(2L);
    }

    @Test
    void anEmptyOrOversizedBatchAndAnUnknownTenantFailTheWholeCall() {
        assertThatThrownBy(() -> run(List.of())).isInstanceOf(SandboxException.class)
                .hasMessage("sqls is empty: send at least one statement")
                .extracting(e -> ((SandboxException) e).code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThatThrownBy(() -> run(IntStream.rangeClosed(0, MAX_STATEMENTS).mapToObj(i -> "SELECT 1").toList()))
                .hasMessage("a batch may carry at most 12 statements (overtone.executor.batch.max-statements), got 13; split it");
        assertThatThrownBy(() -> batch().stream("nobody", "hotels", List.of("SELECT 1"), RequestedLimits::none)
                .collect().asList().await().atMost(Duration.ofSeconds(10))).hasMessage("unknown tenant 'nobody'");
        assertThat(running.get() + limitsAsked.get()).as("statements started by a failed call").isZero();
    }

    private List<StatementBatch.Finished> stream(List<String> sqls) {
        return batch().stream("demo", "hotels", sqls, () -> {
            limitsAsked.incrementAndGet();
            return RequestedLimits.none();
        }).collect().asList().await().atMost(Duration.ofSeconds(10));
    }

    /** The outcomes in request order. */
    private List<StatementBatch.Outcome> run(List<String> sqls) {
        return stream(sqls).stream().sorted(Comparator.comparingInt(StatementBatch.Finished::statement))
                .map(StatementBatch.Finished::outcome).toList();
    }

    private StatementBatch batch() {
        ExecutorConfig config = MappedConfig.of(Map.of("overtone.executor.tenants-dir", dir.toString(),
                "overtone.executor.tenants.demo.hotels.engine", "sqlite",
                "overtone.executor.tenants.demo.hotels.path", dir.resolve("hotels.sqlite").toString(),
                "overtone.executor.batch.max-statements", String.valueOf(MAX_STATEMENTS),
                "overtone.executor.bulkhead.max-concurrent", String.valueOf(IN_FLIGHT)));
        TenantRegistry registry = new TenantRegistry(config);
        return new StatementBatch(new TimedStatements(registry, config), registry, config);
    }

    /**
     * Answers "SELECT i" after (12 - i) x 5 ms with a result whose elapsed time is i, and refuses "FAIL"; counts the
     * statements running at once.
     */
    private final class TimedStatements extends StatementExecution {
        TimedStatements(TenantRegistry registry, ExecutorConfig config) {
            super(registry, null, null, null, null, config);
        }

        @Override
        public Uni<ExecutionOutcome> execute(String tenant, String database, String sql, RequestedLimits requested) {
            if (sql.equals("FAIL")) {
                return Uni.createFrom().failure(SandboxException.denied("test", "FAIL"));
            }
            long index = Long.parseLong(sql.substring("SELECT ".length()));
            return Uni.createFrom().item(() -> {
                        mostRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
                        return index;
                    })
                    .onItem().delayIt().by(Duration.ofMillis((MAX_STATEMENTS - index) * 5))
                    .map(i -> {
                        running.decrementAndGet();
                        return new ExecutionOutcome(new QueryResult(List.of(), List.of(), Set.of(), i), null, false);
                    });
        }
    }
}

package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.support.Runaway;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.grpc.Status;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The one seam every statement passes, on the demo tenant's SQLite database: the limits it runs under, the outcome's
 * fingerprint and order, and what it counts for a statement that ran, was refused, failed or ran out of time.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class StatementExecutionTest {

    @Inject
    StatementExecution execution;
    @Inject
    ExecutorConfig config;
    @Inject
    MeterRegistry registry;

    @Test
    void aStatementThatRanIsAnsweredWithTheFingerprintOfItsRowsAndCounted() {
        double statements = counter("overtone.executor.statements", "database", "hotels");
        double rows = counter("overtone.executor.rows", "database", "hotels");

        ExecutionOutcome ordered = run("SELECT name FROM hotels ORDER BY name", RequestedLimits.none());
        ExecutionOutcome unordered = run("SELECT name FROM hotels", RequestedLimits.none());

        assertThat(ordered.ordered()).isTrue();
        assertThat(ordered.fingerprint()).isEqualTo(Fingerprint.of(ordered.result().rows(), true));
        assertThat(unordered.ordered()).isFalse();
        assertThat(unordered.fingerprint()).isEqualTo(Fingerprint.of(unordered.result().rows(), false));
        assertThat(counter("overtone.executor.statements", "database", "hotels") - statements).isEqualTo(2);
        assertThat(counter("overtone.executor.rows", "database", "hotels") - rows)
                .isEqualTo(ordered.result().rows().size() + unordered.result().rows().size());
    }

    @Test
    void aRefusalIsCountedUnderItsRuleAFailureUnderItsCodeAndARunawayAsATimeout() {
        double failures = counter("overtone.executor.failures", "code", "INVALID_ARGUMENT");
        double timeouts = counter("overtone.executor.timeouts", "database", "hotels");

        SandboxException refused = failure("DELETE FROM hotels", RequestedLimits.none());
        assertThat(refused.code()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(refused.rule()).isNotEmpty();
        assertThat(counter("overtone.executor.refusals", "rule", refused.rule())).isPositive();

        assertThat(failure("SELECT nope FROM hotels", RequestedLimits.none()).code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(counter("overtone.executor.failures", "code", "INVALID_ARGUMENT") - failures).isEqualTo(1);

        RequestedLimits briefly = new RequestedLimits(OptionalLong.of(300), OptionalInt.empty(), OptionalLong.empty(),
                OptionalInt.empty(), OptionalLong.empty());
        assertThat(failure(Runaway.SQL, briefly).code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(counter("overtone.executor.timeouts", "database", "hotels") - timeouts).isEqualTo(1);
    }

    @Test
    void limitsTheCallerLeavesOutAreTheDefaultsAndThoseItAsksForAreCappedByTheMaxima() {
        ExecutorConfig.Limits server = config.limits();
        long start = System.nanoTime();

        ExecutionLimits defaulted = execution.effectiveLimits(RequestedLimits.none(), start);
        assertThat(defaulted).isEqualTo(new ExecutionLimits(server.defaultTimeout().toMillis(),
                start + server.defaultTimeout().toNanos(), server.defaultMaxRows(), server.defaultMaxBytes(),
                server.defaultMaxColumns(), server.maxCellBytes(), server.maxRowBytes()));

        ExecutionLimits greedy = execution.effectiveLimits(new RequestedLimits(OptionalLong.of(server.maxTimeout().toMillis() + 1),
                OptionalInt.of(server.maxRows() + 1), OptionalLong.of(server.maxBytes() + 1), OptionalInt.of(server.maxColumns() + 1),
                OptionalLong.empty()), start);
        assertThat(greedy).isEqualTo(new ExecutionLimits(server.maxTimeout().toMillis(), start + server.maxTimeout().toNanos(),
                server.maxRows(), server.maxBytes(), server.maxColumns(), server.maxCellBytes(), server.maxRowBytes()));
    }

    @Test
    void whatIsLeftOfTheCallsDeadlineShortensTheTimeoutAndAPassedDeadlineOrANonPositiveLimitIsRefused() {
        long start = System.nanoTime();
        RequestedLimits hurried = new RequestedLimits(OptionalLong.empty(), OptionalInt.empty(), OptionalLong.empty(),
                OptionalInt.empty(), OptionalLong.of(1_500));
        assertThat(execution.effectiveLimits(hurried, start).timeoutMillis()).isEqualTo(1_500);

        RequestedLimits late = new RequestedLimits(OptionalLong.empty(), OptionalInt.empty(), OptionalLong.empty(),
                OptionalInt.empty(), OptionalLong.of(0));
        SandboxException passed = catchThrowableOfType(SandboxException.class, () -> execution.effectiveLimits(late, start));
        assertThat(passed.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(passed).hasMessage("the call's deadline had already passed when it arrived");

        RequestedLimits noRows = new RequestedLimits(OptionalLong.empty(), OptionalInt.of(0), OptionalLong.empty(),
                OptionalInt.empty(), OptionalLong.empty());
        SandboxException invalid = catchThrowableOfType(SandboxException.class, () -> execution.effectiveLimits(noRows, start));
        assertThat(invalid.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(invalid).hasMessage("limits.max_rows must be positive, got 0");
    }

    private ExecutionOutcome run(String sql, RequestedLimits limits) {
        return execution.execute("demo", "hotels", sql, limits).await().atMost(Duration.ofSeconds(30));
    }

    private SandboxException failure(String sql, RequestedLimits limits) {
        return catchThrowableOfType(SandboxException.class, () -> run(sql, limits));
    }

    /** The demo tenant's counter of that name and tag, 0 before its first count. */
    private double counter(String name, String tag, String value) {
        Counter counter = registry.find(name).tag("tenant", "demo").tag(tag, value).counter();
        return counter == null ? 0 : counter.count();
    }
}

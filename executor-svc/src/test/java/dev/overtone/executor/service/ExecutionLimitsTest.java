package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A statement's limits: how cells share the row cap, and the deadline as the caller waits for it. */
class ExecutionLimitsTest {
    private static ExecutionLimits caps(int maxCellBytes, int maxRowBytes) {
        return new ExecutionLimits(1000, System.nanoTime() + TimeUnit.SECONDS.toNanos(1), 10, 1000, 10, maxCellBytes, maxRowBytes);
    }

    @Test
    void aCellKeepsTheCellCapUntilTheRowCapMustBeShared() {
        ExecutionLimits limits = caps(100, 1000);
        assertThat(limits.cellCut(1)).isEqualTo(100);
        assertThat(limits.cellCut(10)).isEqualTo(100);
        assertThat(limits.rowCapBinds(10)).isFalse();
        assertThat(limits.cellCut(20)).isEqualTo(50);
        assertThat(limits.rowCapBinds(20)).isTrue();
    }

    @Test
    void aRowWithoutTextColumnsIsTakenAsOneAndACellKeepsAtLeastOneCharacter() {
        assertThat(caps(100, 1000).cellCut(0)).isEqualTo(100);
        assertThat(caps(100, 1000).rowCapBinds(0)).isFalse();
        assertThat(caps(100, 10).cellCut(50)).isEqualTo(1);
    }

    @Test
    void aPassedDeadlineIsExpiredWithNothingRemainingAndTheCallerStillWaitsTheGrace() {
        ExecutionLimits passed = ExecutionLimits.introspection(1000, System.nanoTime() - 1);
        assertThat(passed.expired()).isTrue();
        assertThat(passed.remainingMillis()).isZero();
        assertThat(passed.callerWait()).isEqualTo(ExecutionLimits.ENGINE_STOP_GRACE);
    }

    @Test
    void aFutureDeadlineIsWaitedForPlusTheGrace() {
        ExecutionLimits limits = ExecutionLimits.introspection(60_000, System.nanoTime() + TimeUnit.SECONDS.toNanos(60));
        assertThat(limits.expired()).isFalse();
        assertThat(limits.remainingMillis()).isBetween(50_000L, 60_000L);
        assertThat(limits.callerWait()).isGreaterThan(Duration.ofSeconds(50).plus(ExecutionLimits.ENGINE_STOP_GRACE))
                .isLessThanOrEqualTo(Duration.ofSeconds(60).plus(ExecutionLimits.ENGINE_STOP_GRACE));
    }
}

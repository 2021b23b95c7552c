package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A call's time: the configured total unless the caller's deadline, less a reserve, is sooner; a stage gets what is left. */
class BudgetTest {
    private static final Duration TOTAL = Duration.ofSeconds(10);
    private static final Duration RESERVE = Duration.ofMillis(200);

    @Test
    void withoutACallerDeadlineTheConfiguredTotalApplies() {
        Budget budget = Budget.of(null, TOTAL, RESERVE);

        assertThat(budget.deadlineNanos() - budget.startNanos()).isEqualTo(TOTAL.toNanos());
    }

    @Test
    void aSoonerCallerDeadlineLessTheReserveApplies() {
        Budget budget = Budget.of(Duration.ofSeconds(2).toNanos(), TOTAL, RESERVE);

        assertThat(budget.deadlineNanos() - budget.startNanos()).isEqualTo(Duration.ofMillis(1800).toNanos());
        assertThat(budget.remainingMs()).isBetween(1000L, 1800L);
    }

    @Test
    void aLaterCallerDeadlineIsCappedByTheTotal() {
        Budget budget = Budget.of(Duration.ofSeconds(60).toNanos(), TOTAL, RESERVE);

        assertThat(budget.deadlineNanos() - budget.startNanos()).isEqualTo(TOTAL.toNanos());
    }

    @Test
    void aDeadlineInsideTheReserveLeavesNothingRatherThanANegativeBudget() {
        Budget budget = Budget.of(Duration.ofMillis(100).toNanos(), TOTAL, RESERVE);

        assertThat(budget.deadlineNanos()).isEqualTo(budget.startNanos());
        assertThat(budget.remainingMs()).isZero();
        assertThat(budget.atLeast(Duration.ofMillis(1))).isFalse();
        assertThat(budget.forStage(Duration.ofSeconds(1))).isZero();
    }

    @Test
    void aStageGetsItsCapOrWhatIsLeftWhicheverIsLess() {
        Budget budget = Budget.of(Duration.ofSeconds(2).toNanos(), TOTAL, RESERVE);

        assertThat(budget.forStage(Duration.ofMillis(300))).isEqualTo(300);
        assertThat(budget.forStage(Duration.ofSeconds(5))).isBetween(1000L, 1800L);
        assertThat(budget.atLeast(Duration.ofMillis(1000))).isTrue();
        assertThat(budget.atLeast(Duration.ofSeconds(3))).isFalse();
    }
}

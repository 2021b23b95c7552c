package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The deadline the string functions check: the current thread's, set and cleared around a statement. */
class StatementDeadlineTest {
    @AfterEach
    void clear() {
        StatementDeadline.clear();
    }

    @Test
    void withoutADeadlineNothingHasPassed() {
        assertThat(StatementDeadline.passed()).isFalse();
        assertThatCode(StatementDeadline::check).doesNotThrowAnyException();
    }

    @Test
    void aPassedDeadlineFailsTheCheckWithItsMessage() {
        StatementDeadline.set(System.nanoTime() - 1);
        assertThat(StatementDeadline.passed()).isTrue();
        assertThatThrownBy(StatementDeadline::check).isInstanceOf(SQLException.class).hasMessage(StatementDeadline.PASSED);
    }

    @Test
    void aDeadlineStillAheadHasNotPassed() {
        StatementDeadline.set(System.nanoTime() + TimeUnit.MINUTES.toNanos(1));
        assertThat(StatementDeadline.passed()).isFalse();
    }

    @Test
    void clearingForgetsThePassedDeadline() {
        StatementDeadline.set(System.nanoTime() - 1);
        StatementDeadline.clear();
        assertThat(StatementDeadline.passed()).isFalse();
    }

    @Test
    void theDeadlineIsTheSettingThreadsOnly() throws Exception {
        StatementDeadline.set(System.nanoTime() - 1);
        boolean passedElsewhere = CompletableFuture.supplyAsync(StatementDeadline::passed).get(10, TimeUnit.SECONDS);
        assertThat(passedElsewhere).isFalse();
        assertThat(StatementDeadline.passed()).isTrue();
    }
}

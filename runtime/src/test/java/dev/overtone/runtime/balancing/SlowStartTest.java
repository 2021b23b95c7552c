package dev.overtone.runtime.balancing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A young replica's weight: from the minimum, linearly, to 1 at the end of the window. */
class SlowStartTest {
    private static final SlowStart TEN_SECONDS = new SlowStart(Duration.ofSeconds(10));

    @Test
    void theWeightRampsLinearlyFromTheMinimum() {
        assertThat(TEN_SECONDS.weight(0)).isEqualTo(SlowStart.MIN_WEIGHT);
        assertThat(TEN_SECONDS.weight(-5)).as("a clock read before the replica's start").isEqualTo(SlowStart.MIN_WEIGHT);
        assertThat(TEN_SECONDS.weight(TimeUnit.MILLISECONDS.toNanos(500))).isEqualTo(SlowStart.MIN_WEIGHT);
        assertThat(TEN_SECONDS.weight(TimeUnit.SECONDS.toNanos(3))).isCloseTo(0.3, offset(1e-9));
        assertThat(TEN_SECONDS.weight(TimeUnit.SECONDS.toNanos(10))).isEqualTo(1.0);
        assertThat(TEN_SECONDS.weight(TimeUnit.SECONDS.toNanos(11))).isEqualTo(1.0);
    }

    @Test
    void aZeroWindowIsOffAndGivesFullWeightAtOnce() {
        SlowStart off = new SlowStart(Duration.ZERO);
        assertThat(off.enabled()).isFalse();
        assertThat(off.weight(0)).isEqualTo(1.0);
        assertThat(TEN_SECONDS.enabled()).isTrue();
        assertThat(TEN_SECONDS.capOpenCalls()).as("the short form leaves the cap off").isFalse();
    }

    @Test
    void aNegativeWindowIsRefused() {
        assertThatThrownBy(() -> new SlowStart(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the slow-start window must not be negative, got PT-1S");
    }
}

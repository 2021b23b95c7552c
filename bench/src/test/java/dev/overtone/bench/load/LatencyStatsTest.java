package dev.overtone.bench.load;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LatencyStatsTest {
    private final LatencyStats ten = new LatencyStats(new double[] {10, 1, 9, 2, 8, 3, 7, 4, 6, 5});

    @Test
    void aPercentileIsTheSampleAtItsNearestRankInSortedOrder() {
        assertThat(ten.percentile(50)).isEqualTo(5.0);
        assertThat(ten.percentile(90)).isEqualTo(9.0);
        assertThat(ten.percentile(91)).as("rank 9.1 rounds up to the 10th").isEqualTo(10.0);
        assertThat(ten.percentile(100)).isEqualTo(10.0);
        assertThat(ten.percentile(1)).as("never below the first").isEqualTo(1.0);
    }

    @Test
    void meanMaxAndCountOfTheWholeSample() {
        assertThat(ten.mean()).isEqualTo(5.5);
        assertThat(ten.max()).isEqualTo(10.0);
        assertThat(ten.count()).isEqualTo(10);
    }

    @Test
    void anEmptySampleIsZeroEverywhere() {
        LatencyStats none = new LatencyStats(new double[0]);
        assertThat(none.percentile(99)).isZero();
        assertThat(none.mean()).isZero();
        assertThat(none.max()).isZero();
    }

    @Test
    void theCallersArrayIsNeitherSortedNorRead() {
        double[] values = {3, 1, 2};
        LatencyStats stats = new LatencyStats(values);
        values[0] = 100;
        assertThat(values).containsExactly(100, 1, 2);
        assertThat(stats.max()).isEqualTo(3.0);
    }
}

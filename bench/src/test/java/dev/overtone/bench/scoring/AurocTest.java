package dev.overtone.bench.scoring;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class AurocTest {

    private static Auroc.Point pos(double score) {
        return new Auroc.Point(score, true);
    }

    private static Auroc.Point neg(double score) {
        return new Auroc.Point(score, false);
    }

    @Test
    void everyPositiveAboveEveryNegativeIsOneAndTheReverseZero() {
        assertThat(Auroc.of(List.of(pos(0.9), pos(0.8), neg(0.2), neg(0.1)))).isEqualTo(1.0);
        assertThat(Auroc.of(List.of(pos(0.1), neg(0.9)))).isZero();
    }

    @Test
    void aPairOfEqualScoresCountsOneHalf() {
        assertThat(Auroc.of(List.of(pos(0.5), neg(0.5)))).isEqualTo(0.5);
        // pairs: (0.9 > 0.5) 1, (0.9 > 0.1) 1, (0.5 = 0.5) 0.5, (0.5 > 0.1) 1: 3.5 of 4
        assertThat(Auroc.of(List.of(pos(0.9), pos(0.5), neg(0.5), neg(0.1)))).isEqualTo(0.875);
    }

    @Test
    void withoutPositivesOrWithoutNegativesThereIsNoArea() {
        assertThat(Auroc.of(List.of(pos(0.3), pos(0.4)))).isNaN();
        assertThat(Auroc.of(List.of(neg(0.3)))).isNaN();
        assertThat(Auroc.of(List.of())).isNaN();
    }
}

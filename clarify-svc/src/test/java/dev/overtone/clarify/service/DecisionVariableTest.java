package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DecisionVariableTest {

    @Test
    void itSplitsOnlyWhenTheReadingsStillAliveDisagree() {
        DecisionVariable v = Variables.of("select", 0, 1, 0);

        assertThat(v.splits(new double[] {0.5, 0.3, 0.2})).isTrue();
        assertThat(v.splits(new double[] {0.6, 0, 0.4})).as("the reading that differs is ruled out").isFalse();
        assertThat(v.splits(new double[] {0, 1, 0})).as("one reading left").isFalse();
        assertThat(v.splits(new double[] {0, 0, 0})).isFalse();
    }

    @Test
    void aPivotTermIsNeverNullAndTheRestIsKept() {
        DecisionVariable v = Variables.of("select", 0, 1);

        assertThat(v.pivotTerm()).isEmpty();
        assertThat(v.withPivotTerm(null).pivotTerm()).isEmpty();
        DecisionVariable rating = v.withPivotTerm("rating");
        assertThat(rating.pivotTerm()).isEqualTo("rating");
        assertThat(rating.codes()).isSameAs(v.codes());
        assertThat(rating.valueCount()).isEqualTo(2);
    }
}

package dev.overtone.interpreter.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A plain lambda is a fit by meaning alone: it scores every name and knows no closest phrase for any. */
class NameFitTest {

    @Test
    void aLambdaScoresNamesAndKnowsNoClosestPhrase() {
        NameFit fit = name -> name.equals("side_effects") ? 0.8 : 0.1;

        assertThat(fit.applyAsDouble("side_effects")).isEqualTo(0.8);
        assertThat(fit.applyAsDouble("price")).isEqualTo(0.1);
        assertThat(fit.closestPhrase("side_effects")).isNull();
        assertThat(fit.closestPhrase("price")).isNull();
    }
}

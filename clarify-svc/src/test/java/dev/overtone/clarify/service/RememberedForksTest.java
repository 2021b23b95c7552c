package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.overtone.clarify.memory.Choice;
import dev.overtone.clarify.memory.Decision;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RememberedForksTest {
    private static final DialogueOptions OPTIONS = new DialogueOptions(0.9, 5, StrategyKind.EIG, 1, 8);
    private static final Choice STARS = new Choice(UUID.randomUUID(), "acme", "hotels", "select", "rating", "hotels.stars",
            List.of("avg(reviews.score)"), "the stars", "q", Choice.Source.DIALOGUE, Instant.EPOCH, Instant.EPOCH.plusSeconds(60));

    @Test
    void readingsThatContradictADecisionLoseTheirMassAndTheRestAreRenormalised() {
        List<DecisionVariable> vars = List.of(Variables.of("select", 0, 1, 0), Variables.of("where", 0, 0, 1));

        Dialogue d = RememberedForks.condition(vars, new double[] {0.5, 0.3, 0.2}, OPTIONS, List.of(new Decision(STARS, 0, 0)));

        assertThat(d.probabilities()).containsExactly(new double[] {0.5 / 0.7, 0, 0.2 / 0.7}, within(1e-12));
        assertThat(d.statuses()).containsExactly(VariableStatus.ANSWERED, VariableStatus.OPEN);
        assertThat(d.asked()).as("memory asked nothing").isZero();
    }

    @Test
    void consistentReadingsWithoutPriorMassShareItEqually() {
        List<DecisionVariable> vars = List.of(Variables.of("select", 0, 1, 0));

        Dialogue d = RememberedForks.condition(vars, new double[] {0, 1, 0}, OPTIONS, List.of(new Decision(STARS, 0, 0)));

        assertThat(d.probabilities()).containsExactly(new double[] {0.5, 0, 0.5}, within(1e-12));
    }

    @Test
    void memoryDecidedTheTurnOnlyWhereTheDialogueWouldOtherwiseHaveAskedOrChosenAnother() {
        List<DecisionVariable> vars = List.of(Variables.of("select", 0, 1));

        assertThat(RememberedForks.decided(vars, new double[] {0.5, 0.5}, OPTIONS, 0)).as("it would have asked").isTrue();
        assertThat(RememberedForks.decided(vars, new double[] {0.95, 0.05}, OPTIONS, 0)).as("it resolved there anyway").isFalse();
        assertThat(RememberedForks.decided(vars, new double[] {0.95, 0.05}, OPTIONS, 1)).as("it would have chosen 0").isTrue();
    }
}

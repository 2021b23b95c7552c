package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Stop rules and what every reply type does to the distribution. */
class DialogueTest {
    // Figure 4: x1 output columns, x2 date bound, x3 department.
    private final List<DecisionVariable> vars = List.of(
            Variables.of("x1", 0, 1, 0, 1), Variables.of("x2", 0, 0, 1, 1), Variables.of("x3", 0, 0, 0, 1));
    private final double[] p = {0.4, 0.2, 0.2, 0.2};

    private Dialogue dialogue(double tau, int maxTurns) {
        return Dialogue.fresh(vars, p, new DialogueOptions(tau, maxTurns, StrategyKind.EIG, 1, 8));
    }

    @Test
    void asksTheBestQuestionThenFiltersAndRenormalises() {
        Dialogue d = dialogue(0.9, 5);
        Step.Ask ask = (Step.Ask) d.next(1);
        assertThat(ask.variable()).isEqualTo(0);
        d.apply(0, ReplyKind.ONE, Set.of(0)); // "all columns": keeps candidates 1 and 3 (0.4, 0.2)
        assertThat(d.probabilities()).containsExactly(new double[] {2 / 3.0, 0, 1 / 3.0, 0}, within(1e-12));
        Step.Ask second = (Step.Ask) d.next(2);
        assertThat(second.variable()).isEqualTo(1); // x3 no longer splits the survivors
        d.apply(1, ReplyKind.ONE, Set.of(1));
        Step.Resolve r = (Step.Resolve) d.next(3);
        assertThat(r.reading()).isEqualTo(2);
        assertThat(r.confidence()).isCloseTo(1.0, within(1e-12));
        assertThat(r.reason()).isEqualTo(StopReason.THRESHOLD);
    }

    @Test
    void thresholdAlreadyReachedAsksNothing() {
        Step.Resolve r = (Step.Resolve) dialogue(0.4, 5).next(1);
        assertThat(r.reason()).isEqualTo(StopReason.THRESHOLD);
        assertThat(r.reading()).isZero();
        assertThat(r.confidence()).isCloseTo(0.4, within(1e-12));
    }

    @Test
    void turnLimit() {
        Dialogue d = dialogue(0.99, 1);
        d.next(1);
        d.apply(2, ReplyKind.ONE, Set.of(0)); // department = sales: 0.5, 0.25, 0.25 left
        Step.Resolve r = (Step.Resolve) d.next(2);
        assertThat(r.reason()).isEqualTo(StopReason.TURN_LIMIT);
        assertThat(r.reading()).isZero();
        assertThat(r.confidence()).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void nothingLeftToSplit() {
        // two readings the variables cannot tell apart
        Dialogue d = Dialogue.fresh(List.of(Variables.of("x", 0, 0)), new double[] {0.6, 0.4},
                new DialogueOptions(0.9, 5, StrategyKind.EIG, 1, 8));
        Step.Resolve r = (Step.Resolve) d.next(1);
        assertThat(r.reason()).isEqualTo(StopReason.THRESHOLD); // indistinguishable readings form one group
        assertThat(r.confidence()).isCloseTo(1.0, within(1e-12));
        // unhelpful on the only fork: set aside, nothing else to ask
        Dialogue d2 = Dialogue.fresh(List.of(Variables.of("x", 0, 1)), new double[] {0.6, 0.4},
                new DialogueOptions(0.9, 5, StrategyKind.EIG, 1, 8));
        d2.next(1);
        d2.apply(0, ReplyKind.UNHELPFUL, Set.of());
        Step.Resolve r2 = (Step.Resolve) d2.next(2);
        assertThat(r2.reason()).isEqualTo(StopReason.NOTHING_TO_ASK);
        assertThat(r2.reading()).isZero();
        assertThat(r2.confidence()).isCloseTo(0.6, within(1e-12));
    }

    @Test
    void unhelpfulReplyKeepsEverythingAndAsksTheNextBest() {
        Dialogue d = dialogue(0.9, 5);
        d.next(1);
        d.apply(0, ReplyKind.UNHELPFUL, Set.of());
        assertThat(d.probabilities()).containsExactly(p, within(1e-12));
        assertThat(d.statuses()[0]).isEqualTo(VariableStatus.SET_ASIDE);
        assertThat(((Step.Ask) d.next(2)).variable()).isEqualTo(1);
    }

    @Test
    void eitherIsFineMergesTheBranches() {
        Dialogue d = dialogue(0.9, 5);
        d.next(1);
        d.apply(0, ReplyKind.ANY, Set.of()); // columns do not matter: {1,2} and {3} (+4 apart on x3)
        assertThat(d.probabilities()).containsExactly(p, within(1e-12));
        Step.Ask next = (Step.Ask) d.next(2);
        assertThat(next.variable()).isEqualTo(1);
        d.apply(1, ReplyKind.ANY, Set.of()); // dates do not matter either: only x3 is left
        Step.Ask third = (Step.Ask) d.next(3);
        assertThat(third.variable()).isEqualTo(2);
        d.apply(2, ReplyKind.ANY, Set.of()); // nothing matters: every reading is one
        Step.Resolve r = (Step.Resolve) d.next(4);
        assertThat(r.reason()).isEqualTo(StopReason.ANY_IS_FINE);
        assertThat(r.reading()).isZero();
        assertThat(r.confidence()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void severalValuesKeepBothAndMerge() {
        Dialogue d = Dialogue.fresh(List.of(Variables.of("x", 0, 1, 2)), new double[] {0.5, 0.3, 0.2},
                new DialogueOptions(0.9, 5, StrategyKind.EIG, 1, 8));
        d.next(1);
        d.apply(0, ReplyKind.SEVERAL, Set.of(1, 2));
        assertThat(d.probabilities()).containsExactly(new double[] {0, 0.6, 0.4}, within(1e-12));
        Step.Resolve r = (Step.Resolve) d.next(2);
        assertThat(r.reading()).isEqualTo(1);
        assertThat(r.confidence()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void noneOfTheseLeavingNothing() {
        Dialogue d = Dialogue.fresh(List.of(Variables.of("x", 0, 1)), new double[] {0.5, 0.5},
                new DialogueOptions(0.9, 5, StrategyKind.EIG, 1, 8));
        d.next(1);
        d.apply(0, ReplyKind.NONE, Set.of(0, 1));
        Step.Resolve r = (Step.Resolve) d.next(2);
        assertThat(r.reason()).isEqualTo(StopReason.NO_CANDIDATE);
        assertThat(r.reading()).isEqualTo(-1);
    }

    @Test
    void noneOfTheListedKeepsTheUnlisted() {
        Dialogue d = Dialogue.fresh(List.of(Variables.of("x", 0, 1, 2)), new double[] {0.5, 0.3, 0.2},
                new DialogueOptions(0.9, 5, StrategyKind.EIG, 1, 2));
        d.next(1);
        d.apply(0, ReplyKind.NONE, Set.of(0, 1));
        Step.Resolve r = (Step.Resolve) d.next(2);
        assertThat(r.reading()).isEqualTo(2);
        assertThat(r.reason()).isEqualTo(StopReason.THRESHOLD);
    }
}

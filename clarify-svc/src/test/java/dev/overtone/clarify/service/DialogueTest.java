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

    /** One variable whose value for candidate i is {@code codes[i]}, asked under threshold 0.9 and five turns. */
    private static Dialogue oneFork(double[] p, int maxOptions, int... codes) {
        return Dialogue.fresh(List.of(Variables.of("x", codes)), p, new DialogueOptions(0.9, 5, StrategyKind.EIG, 1, maxOptions));
    }

    private static void assertResolved(Step step, StopReason reason, int reading, double confidence) {
        Step.Resolve r = (Step.Resolve) step;
        assertThat(r.reason()).isEqualTo(reason);
        assertThat(r.reading()).isEqualTo(reading);
        assertThat(r.confidence()).isCloseTo(confidence, within(1e-12));
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
        assertResolved(d.next(3), StopReason.THRESHOLD, 2, 1.0);
    }

    @Test
    void thresholdAlreadyReachedAsksNothing() {
        assertResolved(dialogue(0.4, 5).next(1), StopReason.THRESHOLD, 0, 0.4);
    }

    @Test
    void turnLimit() {
        Dialogue d = dialogue(0.99, 1);
        d.next(1);
        d.apply(2, ReplyKind.ONE, Set.of(0)); // department = sales: 0.5, 0.25, 0.25 left
        assertResolved(d.next(2), StopReason.TURN_LIMIT, 0, 0.5);
    }

    @Test
    void nothingLeftToSplit() {
        // two readings the variables cannot tell apart
        // indistinguishable readings form one group
        assertResolved(oneFork(new double[] {0.6, 0.4}, 8, 0, 0).next(1), StopReason.THRESHOLD, 0, 1.0);
        // unhelpful on the only fork: set aside, nothing else to ask
        Dialogue d = oneFork(new double[] {0.6, 0.4}, 8, 0, 1);
        d.next(1);
        d.apply(0, ReplyKind.UNHELPFUL, Set.of());
        assertResolved(d.next(2), StopReason.NOTHING_TO_ASK, 0, 0.6);
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
        assertResolved(d.next(4), StopReason.ANY_IS_FINE, 0, 1.0);
    }

    @Test
    void severalValuesKeepBothAndMerge() {
        Dialogue d = oneFork(new double[] {0.5, 0.3, 0.2}, 8, 0, 1, 2);
        d.next(1);
        d.apply(0, ReplyKind.SEVERAL, Set.of(1, 2));
        assertThat(d.probabilities()).containsExactly(new double[] {0, 0.6, 0.4}, within(1e-12));
        assertResolved(d.next(2), StopReason.THRESHOLD, 1, 1.0);
    }

    @Test
    void noneOfTheseLeavingNothing() {
        Dialogue d = oneFork(new double[] {0.5, 0.5}, 8, 0, 1);
        d.next(1);
        d.apply(0, ReplyKind.NONE, Set.of(0, 1));
        Step.Resolve r = (Step.Resolve) d.next(2);
        assertThat(r.reason()).isEqualTo(StopReason.NO_CANDIDATE);
        assertThat(r.reading()).isEqualTo(-1);
    }

    @Test
    void noneOfTheListedKeepsTheUnlisted() {
        Dialogue d = oneFork(new double[] {0.5, 0.3, 0.2}, 2, 0, 1, 2);
        d.next(1);
        d.apply(0, ReplyKind.NONE, Set.of(0, 1));
        assertResolved(d.next(2), StopReason.THRESHOLD, 2, 1.0);
    }
}

package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.runtime.testing.ConfigStub;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each bound holds at its limit and refuses one past it, naming what was sent, the limit and its knob. */
class InputLimitsTest {
    private final InputLimits limits = limits(10, 5, 6, 4);

    @Test
    void aQuestionPastItsLengthIsRefused() {
        assertThatCode(() -> limits.question("0123456789")).doesNotThrowAnyException();
        assertThatThrownBy(() -> limits.question("0123456789a"))
                .isInstanceOfSatisfying(ClarifyException.class, InputLimitsTest::isInvalid)
                .hasMessage("the question has 11 characters; the limit is 10 (overtone.clarify.limits.max-question-length)");
    }

    @Test
    void aReplyPastItsLengthIsRefused() {
        assertThatCode(() -> limits.reply("stars")).doesNotThrowAnyException();
        assertThatThrownBy(() -> limits.reply("scores"))
                .isInstanceOfSatisfying(ClarifyException.class, InputLimitsTest::isInvalid)
                .hasMessageStartingWith("the reply's free_text has 6 characters; the limit is 5 (overtone.clarify.limits.max-reply-length)");
    }

    @Test
    void theForkTableCountsTheReadingsTimesTheDistinctPathsAmongThem() {
        // three readings over the same two paths: 6 cells, however many slots each holds
        List<List<SlotValue>> shared = List.of(slots("select[0]", "where"), slots("select[0]", "where"), slots("select[0]"));
        assertThatCode(() -> limits.forkTable(shared)).doesNotThrowAnyException();

        // two readings, each with two paths of its own: 4 distinct paths, 8 cells
        List<List<SlotValue>> own = List.of(slots("a[0]", "a[1]"), slots("b[0]", "b[1]"));
        assertThatThrownBy(() -> limits.forkTable(own))
                .isInstanceOfSatisfying(ClarifyException.class, InputLimitsTest::isInvalid)
                .hasMessageStartingWith("the candidates' slots hold 4 distinct slot paths over 2 readings, a fork table of 8 cells; "
                        + "the limit is 6 (overtone.clarify.limits.max-fork-cells)");
    }

    @Test
    void theForksMayHoldSoManyValuesInAll() {
        // select[0] splits three readings three ways; where splits the first from the others: 3 + 2 values
        List<List<SlotValue>> slots = List.of(slots("select[0]=a", "where=x"), slots("select[0]=b", "where=y"), slots("select[0]=c", "where=y"));
        List<DecisionVariable> forks = DecisionVariableExtractor.extract(slots);

        assertThatCode(() -> limits(10, 5, 6, 5).forkValues(forks)).doesNotThrowAnyException();
        assertThatThrownBy(() -> limits.forkValues(forks))
                .isInstanceOfSatisfying(ClarifyException.class, InputLimitsTest::isInvalid)
                .hasMessageStartingWith("the candidates differ in 2 forks holding 5 values in all; the limit is 4 "
                        + "(overtone.clarify.limits.max-fork-values)");
    }

    static InputLimits limits(int maxQuestionLength, int maxReplyLength, int maxForkCells, int maxForkValues) {
        InputLimits limits = new InputLimits();
        limits.config = ConfigStub.of(ClarifyConfig.class, Map.of("limits", ConfigStub.of(ClarifyConfig.Limits.class,
                Map.of("maxQuestionLength", maxQuestionLength, "maxReplyLength", maxReplyLength, "maxForkCells", maxForkCells,
                        "maxForkValues", maxForkValues))));
        return limits;
    }

    /** Slots by path, each "path" (value x) or "path=value". */
    private static List<SlotValue> slots(String... pathsAndValues) {
        List<SlotValue> out = new ArrayList<>();
        for (String slot : pathsAndValues) {
            String[] pathAndValue = slot.split("=", 2);
            String value = pathAndValue.length == 2 ? pathAndValue[1] : "x";
            out.add(new SlotValue(pathAndValue[0], value, value, List.of()));
        }
        return out;
    }

    private static void isInvalid(ClarifyException e) {
        assertThat(e.kind()).isEqualTo(ClarifyException.Kind.INVALID_ARGUMENT);
    }
}

package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.DecisionVariableExtractor;
import dev.overtone.clarify.service.SlotValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The columns a chosen reading showed beside a column chosen at a SELECT fork: "the side effects" chosen over "the
 * effectiveness" in a reading that also showed each drug's name. No fork offered the name (every reading showed it), so
 * it is no decision of its own and never acts alone: remembered ({@link Choice#SHOWN_BESIDE}, the column shown, its
 * companion the chosen column), it only narrows what its companion's choice admits when that choice carries over to
 * another question, to the readings that show the column too, as long as one is left. A choice that does not carry over
 * has no companion here. {@code Choose} reads the chosen reading's columns from its slots; a dialogue from its
 * candidate's row, where {@code Start} stored them ({@link #outerColumns}), as the slots are not kept.
 */
public final class ShownBeside {
    /** A column of the outer query's SELECT, or of a set operation's branch. */
    private static final Pattern OUTER_SELECT = Pattern.compile("^(?:set\\[\\d+]/)?select\\[\\d+]$");

    private ShownBeside() {
    }

    /** The columns a reading's outer SELECT shows (its slots' texts, as forks key them), in order, each once. */
    public static List<String> outerColumns(List<SlotValue> reading) {
        return reading.stream().filter(s -> OUTER_SELECT.matcher(s.path()).matches()).map(DecisionVariableExtractor::key).distinct().toList();
    }

    /**
     * For each decided SELECT fork that carries over, one choice per other schema column of the outer SELECT the chosen
     * reading shows ({@code outerColumns}, as {@link #outerColumns} reads them).
     */
    public static List<ForkChoice> of(List<ForkChoice> decided, List<String> outerColumns) {
        Set<ForkChoice> out = new LinkedHashSet<>();
        for (ForkChoice fork : decided) {
            if (!ForkReach.SHOWN.equals(fork.clause()) || !ForkReach.carriesOver(fork)) {
                continue;
            }
            for (String column : outerColumns) {
                if (ForkReach.schemaElement(column) && !column.equals(fork.chosenValue()) && !fork.rejectedValues().contains(column)) {
                    out.add(new ForkChoice(Choice.SHOWN_BESIDE, fork.pivotTerm(), column, List.of(fork.chosenValue()), column));
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * The decisions, each SELECT decision carried over from another question narrowed, one remembered column at a time,
     * to the readings that also show that column, where some reading all the decisions admit is left.
     */
    static List<Decision> narrow(List<Decision> decisions, List<Choice> choices, List<DecisionVariable> variables, int readings) {
        List<Decision> out = new ArrayList<>(decisions);
        for (int d = 0; d < out.size(); d++) {
            Choice companion = out.get(d).choice();
            if (!out.get(d).absentAgrees() || !ForkReach.SHOWN.equals(companion.clause())) {
                continue;
            }
            for (Choice beside : choices) {
                if (beside.isShownBeside() && beside.question().equals(companion.question())
                        && beside.rejectedValues().equals(List.of(companion.chosenValue()))) {
                    List<Decision> trial = new ArrayList<>(out);
                    trial.set(d, showing(out.get(d), beside.chosenValue(), variables, readings));
                    if (anyConsistent(trial, variables, readings)) {
                        out = trial;
                    }
                }
            }
        }
        return out;
    }

    /** The decision, admitting only the readings it admits that show {@code column} (at a SELECT position some fork covers). */
    private static Decision showing(Decision decision, String column, List<DecisionVariable> variables, int readings) {
        Set<Integer> readers = new HashSet<>();
        DecisionVariable variable = variables.get(decision.variable());
        for (int i = 0; i < readings; i++) {
            if (decision.admits(variable, i) && ShownColumns.of(variables, i).contains(column)) {
                readers.add(i);
            }
        }
        return new Decision(decision.choice(), decision.variable(), decision.value(), true, readers);
    }

    private static boolean anyConsistent(List<Decision> decisions, List<DecisionVariable> variables, int readings) {
        for (int i = 0; i < readings; i++) {
            if (ChoiceMatcher.consistent(i, variables, decisions)) {
                return true;
            }
        }
        return false;
    }
}

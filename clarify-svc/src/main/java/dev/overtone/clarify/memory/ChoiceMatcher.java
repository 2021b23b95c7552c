package dev.overtone.clarify.memory;

import dev.overtone.clarify.mapping.Vocabulary;
import dev.overtone.clarify.service.DecisionVariable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Which remembered choices decide forks of a question (Recall and Start use this one matcher). A choice applies to a
 * variable when its clause is the variable's, its chosen value is one of the variable's values and so is at least one
 * of its rejected values (so it transfers to any question that turns on the same alternatives, whatever its words),
 * and its pivot term matches the variable's when both have one. A choice was made at one fork, so it decides at most
 * one variable: the one whose values are most nearly its own (a choice of no third column, at the fork of the third
 * column, must not also decide the first). Only a word's meaning among schema elements carries over to another
 * question, and only to a fork about the same word; any other choice applies to the question it was chosen for alone
 * ({@link ForkReach}). Carried over, a reading with nothing at that fork still agrees (the word's meaning says which
 * element it names, not that a reading has one there), and it stays out when the other question's words name a value
 * of that variable other than the chosen one, alone or beside it (that question says what it wants). Choices are taken
 * newest first, so per variable the newest wins; a choice that would leave no reading consistent with those already
 * applied is passed over. A word read as a table, carried over, agrees with every reading that reads the table
 * ({@link TableReaders}): which table comes first in FROM is the writer's order. A column chosen at a SELECT fork,
 * carried over, decides nothing where no two readings swap it for a rejected one ({@link ShownColumns}): every reading on
 * one side shows the other side's column too, so the fork adds a column beside it, it does not choose between columns;
 * where it does decide, it also agrees with a reading that shows the chosen column elsewhere and none of the rejected ones.
 * Carried over, such a choice is narrowed to the readings that also show the columns the chosen reading showed beside it
 * ({@link ShownBeside}), where any is left. Before any fork: a whole reading chosen for this very question, when it is among the readings again, decides every
 * fork as that reading has it (the person's answer, not only the forks they were asked about).
 */
public final class ChoiceMatcher {

    /** The clause of a fork between the tables a reading reads first. */
    private static final String TABLE_CLAUSE = "from";

    private ChoiceMatcher() {
    }

    /**
     * @param readingSql each reading's SQL ({@link ReadingSql}), in the variables' reading order
     * @param readingTables each reading's tables ({@link TableReaders#tables}), in the same order
     * @param choices the tenant's unexpired choices in this database, newest first
     * @param pivotTerm the variable's pivot term, asked for only when a choice could apply (it may run the model)
     */
    public static List<Decision> match(String question, List<DecisionVariable> variables, List<String> readingSql,
            List<Set<String>> readingTables, List<Choice> choices, Function<DecisionVariable, String> pivotTerm) {
        return match(question, variables, readingSql, () -> readingTables, choices, pivotTerm);
    }

    /** As above, the readings' tables found only when a table choice carried over needs them. */
    public static List<Decision> match(String question, List<DecisionVariable> variables, List<String> readingSql,
            Supplier<List<Set<String>>> tables, List<Choice> choices, Function<DecisionVariable, String> pivotTerm) {
        List<Decision> out = new ArrayList<>();
        if (variables.isEmpty() || choices.isEmpty()) {
            return out;
        }
        for (Choice choice : choices) {
            int reading = choice.isReading() && ForkReach.ownQuestion(choice, question) ? readingSql.indexOf(choice.chosenValue()) : -1;
            if (reading >= 0) {
                for (int v = 0; v < variables.size(); v++) {
                    out.add(new Decision(choice, v, variables.get(v).codes()[reading]));
                }
                return out;
            }
        }
        boolean[] alive = new boolean[variables.get(0).codes().length];
        Arrays.fill(alive, true);
        boolean[] settled = new boolean[variables.size()]; // decided by a newer choice, or by the question's words
        for (Choice choice : choices) {
            boolean own = ForkReach.ownQuestion(choice, question);
            if (choice.isReading() || choice.isShownBeside() || !own && !ForkReach.carriesOver(choice)) {
                continue;
            }
            int best = -1;
            int bestValue = -1;
            double bestFit = 0;
            for (int v = 0; v < variables.size(); v++) {
                int value = chosenValue(choice, variables.get(v), pivotTerm, !own);
                double fit = value < 0 ? 0 : fit(choice, variables.get(v));
                if (fit > bestFit) {
                    best = v;
                    bestValue = value;
                    bestFit = fit;
                }
            }
            if (best < 0 || settled[best]) {
                continue;
            }
            DecisionVariable variable = variables.get(best);
            if (!own) { // for its own question a person chose with these very words in front of them
                Set<Integer> named = QuestionWords.namedValues(question, variable);
                if (!named.isEmpty() && !named.equals(Set.of(bestValue))) {
                    settled[best] = true; // the question's words name another value too: it says what it wants
                    continue;
                }
            }
            if (!own && ForkReach.SHOWN.equals(choice.clause())
                    && !ShownColumns.swapsColumns(variables, best, bestValue, rejectedOf(choice, variable))) {
                settled[best] = true; // no two readings swap these columns: the fork adds one, it is no meaning
                continue;
            }
            Decision decision = new Decision(choice, best, bestValue, !own);
            if (!own && ForkReach.SHOWN.equals(choice.clause())) {
                decision = shownAnywhere(decision, variables, alive.length);
            }
            if (!own && TABLE_CLAUSE.equals(choice.clause())) {
                List<Set<String>> readingTables = tables.get();
                Set<Integer> readers = TableReaders.of(choice.chosenValue(), readingTables);
                if (readers.size() == readingTables.size()) {
                    settled[best] = true; // every reading reads the table: they differ in the order of FROM, not in meaning
                    continue;
                }
                decision = new Decision(choice, best, bestValue, true, readers);
            }
            if (leavesAReading(alive, variable, decision)) {
                narrow(alive, variable, decision);
                settled[best] = true;
                out.add(decision);
            }
        }
        out = ShownBeside.narrow(out, choices, variables, alive.length);
        out.sort(Comparator.comparingInt(Decision::variable)); // in the question's fork order, whatever the choices' ages
        return out;
    }

    /**
     * A column chosen at a SELECT fork, carried over: the readings with the chosen column at that fork, and every reading
     * that shows it elsewhere and none of the rejected columns. Forks are taken position by position, and "name, score"
     * has the score one place further on than "score" alone: the fork at {@code select[0]} alone would turn away a reading
     * that shows the chosen column beside another.
     */
    private static Decision shownAnywhere(Decision decision, List<DecisionVariable> variables, int readings) {
        Choice choice = decision.choice();
        Set<Integer> readers = ShownColumns.showingOnly(variables, choice.chosenValue(), choice.rejectedValues());
        DecisionVariable variable = variables.get(decision.variable());
        for (int i = 0; i < readings; i++) {
            if (decision.admits(variable, i)) {
                readers.add(i);
            }
        }
        return new Decision(choice, decision.variable(), decision.value(), true, readers);
    }

    /** The variable's values the choice was made over. */
    private static Set<Integer> rejectedOf(Choice choice, DecisionVariable variable) {
        Set<Integer> out = new HashSet<>();
        choice.rejectedValues().forEach(r -> out.add(ForkValues.indexOf(variable, r)));
        out.remove(-1);
        return out;
    }

    /** How nearly the variable's values are the choice's: shared over all (Jaccard), in (0, 1]. */
    static double fit(Choice choice, DecisionVariable variable) {
        Set<String> theirs = new HashSet<>(choice.rejectedValues());
        theirs.add(choice.chosenValue());
        Set<String> ours = new HashSet<>();
        for (int x = 0; x < variable.valueCount(); x++) {
            ours.add(ForkValues.key(variable, x));
        }
        Set<String> union = new HashSet<>(ours);
        union.addAll(theirs);
        ours.retainAll(theirs);
        return (double) ours.size() / union.size();
    }

    /**
     * The variable's value the choice chose, when the choice applies to the variable; −1 when it does not.
     * {@code wordRequired}: the variable must be about the choice's pivot term (a choice carried over to another question).
     */
    static int chosenValue(Choice choice, DecisionVariable variable, Function<DecisionVariable, String> pivotTerm, boolean wordRequired) {
        if (!choice.clause().equals(variable.clause())) {
            return -1;
        }
        int chosen = ForkValues.indexOf(variable, choice.chosenValue());
        if (chosen < 0 || choice.rejectedValues().stream().noneMatch(r -> ForkValues.indexOf(variable, r) >= 0)) {
            return -1;
        }
        if (!choice.pivotTerm().isEmpty()) {
            String term = pivotTerm.apply(variable);
            boolean none = term == null || term.isEmpty();
            if (none ? wordRequired : !sameWord(term, choice.pivotTerm())) {
                return -1;
            }
        }
        return chosen;
    }

    private static boolean sameWord(String a, String b) {
        String x = a.toLowerCase();
        String y = b.toLowerCase();
        return Vocabulary.matches(x, y) || Vocabulary.matches(y, x);
    }

    private static boolean leavesAReading(boolean[] alive, DecisionVariable variable, Decision decision) {
        for (int i = 0; i < alive.length; i++) {
            if (alive[i] && decision.admits(variable, i)) {
                return true;
            }
        }
        return false;
    }

    private static void narrow(boolean[] alive, DecisionVariable variable, Decision decision) {
        for (int i = 0; i < alive.length; i++) {
            alive[i] &= decision.admits(variable, i);
        }
    }

    /** Whether reading {@code i} has every decided value. */
    public static boolean consistent(int i, List<DecisionVariable> variables, List<Decision> decisions) {
        for (Decision d : decisions) {
            DecisionVariable v = variables.get(d.variable());
            if (!d.admits(v, i)) {
                return false;
            }
        }
        return true;
    }
}

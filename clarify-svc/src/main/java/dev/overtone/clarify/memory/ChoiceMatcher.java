package dev.overtone.clarify.memory;

import dev.overtone.clarify.mapping.Vocabulary;
import dev.overtone.clarify.service.DecisionVariable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Which remembered choices decide forks of a question (Recall and Start use this one matcher). A choice applies to a
 * variable when its clause is the variable's, its chosen value is one of the variable's values and so is at least one
 * of its rejected values (so it transfers to any question that turns on the same alternatives, whatever its words),
 * and its pivot term matches the variable's when both have one. Only a word's meaning among schema elements carries
 * over to another question, and only to a fork about the same word; any other choice applies to the question it was
 * chosen for alone ({@link ForkReach}). Carried over, it stays out when the other question's words name a value of
 * that variable other than the chosen one, alone or beside it (that question says what it wants). Per variable the
 * newest applicable choice wins; a choice that would leave no reading consistent with those already applied is
 * passed over.
 */
public final class ChoiceMatcher {

    private ChoiceMatcher() {
    }

    /**
     * @param choices the tenant's unexpired choices in this database, newest first
     * @param pivotTerm the variable's pivot term, asked for only when a choice could apply (it may run the model)
     */
    public static List<Decision> match(String question, List<DecisionVariable> variables, List<Choice> choices,
            Function<DecisionVariable, String> pivotTerm) {
        List<Decision> out = new ArrayList<>();
        if (variables.isEmpty() || choices.isEmpty()) {
            return out;
        }
        boolean[] alive = new boolean[variables.get(0).codes().length];
        Arrays.fill(alive, true);
        for (int v = 0; v < variables.size(); v++) {
            DecisionVariable variable = variables.get(v);
            Set<Integer> named = null; // not read yet
            for (Choice choice : choices) {
                boolean own = ForkReach.ownQuestion(choice, question);
                int value = own || ForkReach.carriesOver(choice) ? chosenValue(choice, variable, pivotTerm, !own) : -1;
                if (value < 0) {
                    continue;
                }
                if (!own) { // for its own question a person chose with these very words in front of them
                    if (named == null) {
                        named = QuestionWords.namedValues(question, variable);
                    }
                    if (!named.isEmpty() && !named.equals(Set.of(value))) {
                        break; // the question's words name another value too: it says what it wants
                    }
                }
                if (leavesAReading(alive, variable, value)) {
                    narrow(alive, variable, value);
                    out.add(new Decision(choice, v, value));
                    break;
                }
            }
        }
        return out;
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

    private static boolean leavesAReading(boolean[] alive, DecisionVariable variable, int value) {
        for (int i = 0; i < alive.length; i++) {
            if (alive[i] && variable.codes()[i] == value) {
                return true;
            }
        }
        return false;
    }

    private static void narrow(boolean[] alive, DecisionVariable variable, int value) {
        for (int i = 0; i < alive.length; i++) {
            alive[i] &= variable.codes()[i] == value;
        }
    }

    /** Whether reading {@code i} has every decided value. */
    public static boolean consistent(int i, List<DecisionVariable> variables, List<Decision> decisions) {
        for (Decision d : decisions) {
            if (variables.get(d.variable()).codes()[i] != d.value()) {
                return false;
            }
        }
        return true;
    }
}

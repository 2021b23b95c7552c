package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.DecisionVariableExtractor;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What each reading shows, as far as the forks tell (the SELECT positions where the readings differ), and whether a
 * SELECT fork chooses which column answers or only adds one. Forks are taken position by position, so a reading that
 * shows one more column in front ("technician's name, fixture description" against "fixture description") differs from
 * the other at {@code select[0]} as if the name replaced the description, though both show the description: the
 * person who picked "the description" there chose to leave a column out (here: the fixtures every technician uses,
 * not each one's), and one who picked "the name" chose to add one, not what a word means. Such a choice is a matter of
 * the question's grammar (its scope) and stays with it. A vague word's readings ("the airport": its code, its name, or
 * both) do swap one column for the other between the first two, so a choice among them still carries over.
 */
final class ShownColumns {
    /** A column of the outer query's SELECT (or of a set operation's branch): {@code select[1]}, {@code set[0]/select[0]}. */
    private static final Pattern SHOWN_SLOT = Pattern.compile("(?:^|/)select\\[\\d+]$");

    private ShownColumns() {
    }

    /**
     * Whether fork {@code variable} swaps the chosen column for a rejected one somewhere: a reading with the chosen value
     * there shows none of the rejected ones, and a reading with a rejected value there does not show the chosen one. Where
     * no such pair is found, every reading on one side shows the other side's column too: the fork adds or drops a column
     * beside it, it does not choose between them.
     */
    static boolean swapsColumns(List<DecisionVariable> variables, int variable, int chosen, Set<Integer> rejected) {
        DecisionVariable fork = variables.get(variable);
        String chosenColumn = ForkValues.key(fork, chosen);
        Set<String> rejectedColumns = new HashSet<>();
        rejected.forEach(x -> rejectedColumns.add(ForkValues.key(fork, x)));
        boolean chosenAlone = false;
        boolean rejectedAlone = false;
        for (int i = 0; i < fork.codes().length; i++) {
            Set<String> shown = of(variables, i);
            if (fork.codes()[i] == chosen) {
                chosenAlone |= shown.stream().noneMatch(rejectedColumns::contains);
            } else if (rejected.contains(fork.codes()[i])) {
                rejectedAlone |= !shown.contains(chosenColumn);
            }
        }
        return chosenAlone && rejectedAlone;
    }

    /** The readings that show {@code chosen} and none of {@code rejected} (at the SELECT positions some fork covers), wherever they show it. */
    static Set<Integer> showingOnly(List<DecisionVariable> variables, String chosen, List<String> rejected) {
        Set<Integer> out = new HashSet<>();
        for (int i = 0; i < variables.get(0).codes().length; i++) {
            Set<String> shown = of(variables, i);
            if (shown.contains(chosen) && shown.stream().noneMatch(rejected::contains)) {
                out.add(i);
            }
        }
        return out;
    }

    /** The slot texts reading {@code reading} has at the SELECT positions some fork covers. */
    static Set<String> of(List<DecisionVariable> variables, int reading) {
        Set<String> out = new HashSet<>();
        for (DecisionVariable v : variables) {
            String[] texts = v.valueKeys().get(v.codes()[reading]).split(Pattern.quote(DecisionVariableExtractor.KEY_SEPARATOR), -1);
            if (texts.length != v.paths().size()) {
                continue; // a slot text holding the separator itself: its positions cannot be told apart
            }
            for (int p = 0; p < texts.length; p++) {
                if (SHOWN_SLOT.matcher(v.paths().get(p)).find() && !DecisionVariable.ABSENT.equals(texts[p])) {
                    out.add(texts[p]);
                }
            }
        }
        return out;
    }
}

package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.SlotValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a chosen reading decided at each fork between it and the others (Choose). Forks are taken slot path by slot path,
 * so two readings that hold the same values in another order, or one more beside them, differ at a position as if one
 * value replaced the other: "FROM tools JOIN engineers" against "FROM engineers JOIN tools" (the writer's order),
 * "name, score" against "score" at {@code select[0]} (a column added in front). A value is left out of what the chosen value was chosen over when the chosen reading holds it
 * too, elsewhere in the same list (the shown columns, the tables read, the conditions of one AND, ...), or when every
 * reading with it there holds the chosen value elsewhere in that list; a fork left with no such value is no decision of
 * its own (it follows from another fork, or from the order of writing) and is not remembered. Only the first path of a
 * fork is read, as {@link ForkValues} keeps it.
 */
final class DecidedForks {
    /** A position in a list: {@code select[1]}, {@code group_by[0]}, {@code where/and[2]}, {@code set[0]/select[0]}. */
    private static final Pattern LISTED = Pattern.compile("^(.*)\\[\\d+]$");
    /** A table read, in FROM or a JOIN; {@code from[0]} and {@code join[k]} of one query are one list. */
    private static final Pattern TABLE = Pattern.compile("^(.*?)(?:from\\[0]|join\\[\\d+])$");

    private DecidedForks() {
    }

    /**
     * @param variables the forks between the readings (with their pivot terms)
     * @param slots     each reading's slots, in the variables' reading order
     * @param chosen    the index of the chosen reading
     */
    static List<ForkChoice> of(List<DecisionVariable> variables, List<List<SlotValue>> slots, int chosen) {
        List<ForkChoice> out = new ArrayList<>();
        for (DecisionVariable v : variables) {
            int value = v.codes()[chosen];
            List<Integer> rejected = new ArrayList<>();
            for (int x = 0; x < v.valueCount(); x++) {
                if (x != value && !movedOnly(v, x, slots, chosen)) {
                    rejected.add(x);
                }
            }
            if (!rejected.isEmpty()) {
                out.add(ForkChoice.of(v, value, rejected));
            }
        }
        return out;
    }

    /** Whether value {@code x} of the fork differs from the chosen reading's only in where the same values stand. */
    private static boolean movedOnly(DecisionVariable v, int x, List<List<SlotValue>> slots, int chosen) {
        String path = v.paths().get(0);
        String list = listOf(path);
        SlotValue mine = at(slots.get(chosen), path);
        if (list == null || mine == null) {
            return false;
        }
        boolean everyOneHoldsMine = true;
        for (int i = 0; i < v.codes().length; i++) {
            if (v.codes()[i] != x) {
                continue;
            }
            SlotValue theirs = at(slots.get(i), path);
            if (theirs == null) {
                return false; // nothing there against a value: a column or table added or left out, a fork of its own
            }
            if (holds(slots.get(chosen), list, identity(theirs))) {
                return true;
            }
            everyOneHoldsMine &= holds(slots.get(i), list, identity(mine));
        }
        return everyOneHoldsMine;
    }

    private static SlotValue at(List<SlotValue> reading, String path) {
        return reading.stream().filter(s -> s.path().equals(path)).findFirst().orElse(null);
    }

    private static boolean holds(List<SlotValue> reading, String list, String identity) {
        return reading.stream().anyMatch(s -> list.equals(listOf(s.path())) && identity.equals(identity(s)));
    }

    /** The list a slot path is a position of ("tables:" and the query's prefix for FROM and JOIN), or null. */
    private static String listOf(String path) {
        Matcher table = TABLE.matcher(path);
        if (table.matches()) {
            return "tables:" + table.group(1);
        }
        Matcher listed = LISTED.matcher(path);
        return listed.matches() ? listed.group(1) : null;
    }

    /** A table slot is the table it reads (a join's slot says how it joins); any other, its text as a fork's value is keyed. */
    private static String identity(SlotValue s) {
        if (TABLE.matcher(s.path()).matches() && !s.schemaElements().isEmpty()) {
            return String.join(",", s.schemaElements()).toLowerCase(Locale.ROOT);
        }
        return Objects.requireNonNullElse(s.value(), "").trim().replaceAll("\\s+", " ");
    }
}

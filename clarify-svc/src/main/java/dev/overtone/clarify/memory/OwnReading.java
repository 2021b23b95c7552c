package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.DecisionVariableExtractor;
import dev.overtone.clarify.service.SlotValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The repeat case of {@link ChoiceMatcher}, without the forks: a whole reading chosen for this very question, when it is
 * among the readings again, decides every fork as that reading has it, so the readings that agree are those with the
 * same value (slot text, spacing aside) as it at every slot path. This is what the matcher's first step answers, found
 * by comparing slots instead of extracting the forks and their labels (most of an asked Recall's own time).
 */
final class OwnReading {

    /** The choice and the readings (indexes) consistent with it. */
    record Match(Choice choice, List<Integer> consistent) {
    }

    private OwnReading() {
    }

    /**
     * The newest whole-reading choice made for this question whose reading is among {@code readingSql}, and the readings
     * that agree with it; null when there is none, or when the readings do not differ at all (no fork to decide).
     */
    static Match of(String question, List<String> readingSql, List<List<SlotValue>> slots, List<Choice> choices) {
        for (Choice choice : choices) {
            int reading = choice.isReading() && ForkReach.ownQuestion(choice, question) ? readingSql.indexOf(choice.chosenValue()) : -1;
            if (reading >= 0) {
                return agreeing(choice, reading, slots);
            }
        }
        return null;
    }

    private static Match agreeing(Choice choice, int reading, List<List<SlotValue>> slots) {
        List<Map<String, String>> byPath = slots.stream().map(OwnReading::byPath).toList();
        Map<String, String> chosen = byPath.get(reading);
        List<Integer> consistent = new ArrayList<>();
        for (int i = 0; i < byPath.size(); i++) {
            if (sameAt(chosen, byPath.get(i))) {
                consistent.add(i);
            }
        }
        return consistent.size() == byPath.size() ? null : new Match(choice, consistent);
    }

    /** Each path's first slot, keyed as a fork's value is. */
    private static Map<String, String> byPath(List<SlotValue> reading) {
        Map<String, String> out = new HashMap<>();
        reading.forEach(s -> out.putIfAbsent(s.path(), DecisionVariableExtractor.key(s)));
        return out;
    }

    /** Whether two readings have the same value at every path either has (a path one lacks is absent there). */
    private static boolean sameAt(Map<String, String> a, Map<String, String> b) {
        Set<String> paths = new HashSet<>(a.keySet());
        paths.addAll(b.keySet());
        return paths.stream().allMatch(p -> a.getOrDefault(p, DecisionVariable.ABSENT).equals(b.getOrDefault(p, DecisionVariable.ABSENT)));
    }
}

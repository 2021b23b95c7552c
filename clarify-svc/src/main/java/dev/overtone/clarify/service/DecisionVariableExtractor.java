package dev.overtone.clarify.service;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decision variables from the readings' slots: for each slot path, the value every reading has there
 * ("absent" when it has no such slot); paths on which all readings agree are dropped; paths that
 * split the readings the same way (always move together) are merged into one variable, so the same
 * fork is never asked twice. Paths are opaque strings ("select[0]", "where/and[1]/or[0]"), taken in
 * order of first appearance.
 */
public final class DecisionVariableExtractor {
    /** Joins the slot texts of a variable's paths into one value key. */
    public static final String KEY_SEPARATOR = " ∧ ";

    private DecisionVariableExtractor() {
    }

    public static List<DecisionVariable> extract(List<List<SlotValue>> slotsByReading) {
        int n = slotsByReading.size();
        Map<String, SlotValue[]> byPath = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            for (SlotValue s : slotsByReading.get(i)) {
                SlotValue[] row = byPath.computeIfAbsent(s.path(), k -> new SlotValue[n]);
                if (row[i] == null) {
                    row[i] = s;
                }
            }
        }
        // partition (canonical codes) -> paths that induce it
        Map<CodeTuple, List<String>> groups = new LinkedHashMap<>();
        for (Map.Entry<String, SlotValue[]> e : byPath.entrySet()) {
            int[] codes = canonicalCodes(e.getValue());
            if (Arrays.stream(codes).max().orElse(0) > 0) {
                groups.computeIfAbsent(new CodeTuple(codes), k -> new ArrayList<>()).add(e.getKey());
            }
        }
        List<DecisionVariable> out = new ArrayList<>();
        int id = 1;
        for (Map.Entry<CodeTuple, List<String>> g : groups.entrySet()) {
            out.add(variable("v" + id++, g.getKey().codes(), g.getValue(), byPath));
        }
        return out;
    }

    private static int[] canonicalCodes(SlotValue[] row) {
        Map<String, Integer> seen = new HashMap<>();
        int[] codes = new int[row.length];
        for (int i = 0; i < row.length; i++) {
            codes[i] = seen.computeIfAbsent(key(row[i]), k -> seen.size());
        }
        return codes;
    }

    /** A slot's text as a fork's value is keyed (spacing aside); "absent" for no slot. */
    public static String key(SlotValue s) {
        return s == null ? DecisionVariable.ABSENT : s.value().trim().replaceAll("\\s+", " ");
    }

    private static DecisionVariable variable(String id, int[] codes, List<String> paths, Map<String, SlotValue[]> byPath) {
        int values = Arrays.stream(codes).max().orElse(0) + 1;
        List<String> keys = new ArrayList<>();
        List<String> terms = new ArrayList<>();
        for (int x = 0; x < values; x++) {
            int reading = indexOf(codes, x);
            List<String> k = new ArrayList<>();
            List<String> t = new ArrayList<>();
            for (String path : paths) {
                SlotValue s = byPath.get(path)[reading];
                k.add(key(s));
                if (s != null) {
                    t.add(String.join(" ", s.schemaElements()) + " " + s.value());
                }
            }
            keys.add(String.join(KEY_SEPARATOR, k));
            terms.add(String.join(" ", t).trim());
        }
        String clause = clauseOf(paths.get(0));
        return new DecisionVariable(id, List.copyOf(paths), clause, codes, keys,
                new LazyLabels(() -> labels(codes, paths, byPath, keys, clause)), terms);
    }

    /** Each value's label; where two values would read alike, each with its key. */
    private static List<String> labels(int[] codes, List<String> paths, Map<String, SlotValue[]> byPath, List<String> keys, String clause) {
        List<String> labels = new ArrayList<>();
        for (int x = 0; x < keys.size(); x++) {
            int reading = indexOf(codes, x);
            // the first slot that has a value names the fork; the ones moving with it (a join, a group-by) follow from it
            String first = null;
            for (int p = 0; p < paths.size() && first == null; p++) {
                SlotValue s = byPath.get(paths.get(p))[reading];
                first = s == null ? null : label(s);
            }
            labels.add(first == null ? absentLabel(clause) : first);
        }
        Set<String> seen = new HashSet<>();
        Set<String> dup = new HashSet<>();
        for (String l : labels) {
            if (!seen.add(l)) {
                dup.add(l);
            }
        }
        for (int x = 0; x < labels.size(); x++) {
            if (dup.contains(labels.get(x))) {
                labels.set(x, labels.get(x) + " [" + keys.get(x) + "]");
            }
        }
        return labels;
    }

    private static int indexOf(int[] codes, int x) {
        for (int i = 0; i < codes.length; i++) {
            if (codes[i] == x) {
                return i;
            }
        }
        throw new IllegalStateException("code " + x + " unused");
    }

    /** A plain noun phrase where the value has one ("the average review score"), else parser-svc's label; then the schema names. */
    private static String label(SlotValue s) {
        String label = OptionPhrase.of(s.value()).orElse(s.label() == null || s.label().isBlank() ? s.value() : s.label());
        List<String> missing = new ArrayList<>();
        for (String e : s.schemaElements()) {
            if (!label.toLowerCase().contains(e.toLowerCase())) {
                missing.add(e);
            }
        }
        return missing.isEmpty() ? label : label + " (" + String.join(", ", missing) + ")";
    }

    /** "where/and[1]/or[0]" → "where"; "select[0]" → "select"; "join[1]/on" → "join". */
    static String clauseOf(String path) {
        int end = path.length();
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '[' || c == '/' || c == '.') {
                end = i;
                break;
            }
        }
        return path.substring(0, end).toLowerCase();
    }

    private static String absentLabel(String clause) {
        return switch (clause) {
            case "select" -> "no such column";
            case "where" -> "no such condition";
            case "from", "join" -> "no such table";
            case "group_by" -> "no grouping";
            case "having" -> "no condition on groups";
            case "order_by" -> "no ordering";
            case "limit" -> "no row limit";
            case "distinct" -> "keeping duplicate rows";
            default -> "leaving it out";
        };
    }

}

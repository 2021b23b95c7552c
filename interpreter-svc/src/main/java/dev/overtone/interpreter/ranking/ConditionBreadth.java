package dev.overtone.interpreter.ranking;

import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SlotKind;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Whether a condition of a coordinated query reaches every coordinated part or only some: "halls and
 * rooms for 200 people" read as {@code ... UNION ...} with the capacity test in both branches (or as
 * {@code type IN (...) AND capacity >= 200}) against the test in the last branch only (or
 * {@code a OR b AND capacity >= 200}, where AND binds tighter). Read off parser-svc's slots: a WHERE slot's
 * path says where its condition sits in the clause's AND/OR tree ({@code where/or[1]/and[0]}), a
 * {@code set[i]/} prefix which UNION branch it is in, and its value is the condition with every column
 * qualified by its table; conditions are compared with those tables taken off, so the same test on two tables
 * ("halls and rooms for 200": one branch per table) is one condition.
 */
public enum ConditionBreadth {
    /** A condition holds in every coordinated part. */
    EVERY_PART(1.0),
    /** Conditions hold in some coordinated parts only. */
    SOME_PARTS(-1.0),
    /** No coordination, or nothing to tell. */
    NONE(0.0);

    private static final String WHERE = "where";
    private static final String SET_OPERATION = "set_operation";

    private final double value;

    ConditionBreadth(double value) {
        this.value = value;
    }

    /** +1, -1 or 0: the evidence value. */
    public double value() {
        return value;
    }

    /** The breadth of one analysed query, from its slots. */
    public static ConditionBreadth of(List<Slot> slots) {
        Map<String, List<Condition>> byBranch = new LinkedHashMap<>();
        boolean union = false;
        for (Slot s : slots) {
            if (s.getPath().equals(SET_OPERATION)) {
                union = s.getValue().toUpperCase(Locale.ROOT).startsWith("UNION");
            }
            int where = s.getPath().indexOf(WHERE);
            if (s.getKind() == SlotKind.SLOT_KIND_WHERE && where >= 0) {
                String branch = s.getPath().substring(0, where);
                byBranch.computeIfAbsent(topBranch(branch), k -> new ArrayList<>())
                        .add(new Condition(steps(s.getPath().substring(where + WHERE.length())), onAnyTable(s)));
            }
        }
        if (union) {
            return ofBranches(byBranch, branchCount(slots));
        }
        return ofTree(byBranch.getOrDefault("", List.of()));
    }

    /** One condition of a WHERE clause: its steps down the AND/OR tree ({@code or[1]}, {@code and[0]}) and its value. */
    private record Condition(List<String> steps, String value) {
        boolean under(String connective) {
            return !steps.isEmpty() && steps.get(0).startsWith(connective + "[");
        }
    }

    /** UNION branches: a condition in every branch reaches every part; branches with unequal conditions, some. */
    private static ConditionBreadth ofBranches(Map<String, List<Condition>> byBranch, int branches) {
        Set<String> shared = null;
        Set<Integer> sizes = new HashSet<>();
        for (int i = 0; i < branches; i++) {
            List<Condition> conditions = byBranch.getOrDefault("set[" + i + "]/", List.of());
            Set<String> values = new HashSet<>(conditions.stream().map(Condition::value).toList());
            if (shared == null) {
                shared = values;
            } else {
                shared.retainAll(values);
            }
            sizes.add(conditions.size());
        }
        if (shared != null && !shared.isEmpty()) {
            return EVERY_PART;
        }
        return sizes.size() > 1 ? SOME_PARTS : NONE;
    }

    /**
     * One WHERE clause. Under a top-level AND, an OR or an IN list below it: the other conditions reach every part.
     * Under a top-level OR: a condition in every disjunct reaches every part; a disjunct with conditions of its own
     * (an AND below the OR) narrows that part only.
     */
    private static ConditionBreadth ofTree(List<Condition> conditions) {
        if (conditions.size() < 2) {
            return NONE;
        }
        if (conditions.get(0).under("and")) {
            boolean coordinated = conditions.stream().anyMatch(c -> c.steps().size() > 1 || isInList(c.value()));
            return coordinated ? EVERY_PART : NONE;
        }
        Map<String, Set<String>> disjuncts = new LinkedHashMap<>();
        for (Condition c : conditions) {
            disjuncts.computeIfAbsent(c.steps().get(0), k -> new HashSet<>()).add(c.value());
        }
        Set<String> shared = null;
        boolean narrowed = false;
        for (Set<String> d : disjuncts.values()) {
            narrowed |= d.size() > 1;
            if (shared == null) {
                shared = new HashSet<>(d);
            } else {
                shared.retainAll(d);
            }
        }
        if (!shared.isEmpty()) {
            return EVERY_PART;
        }
        return narrowed ? SOME_PARTS : NONE;
    }

    /**
     * The condition as it reads on any table: its value with each column's table taken off (its schema elements say
     * which), so "chalets and cabins for 200" tests {@code pricePerNight = 200} in both UNION branches.
     */
    static String onAnyTable(Slot s) {
        String value = s.getValue();
        for (String element : s.getSchemaElementsList()) {
            int dot = element.indexOf('.');
            if (dot > 0) {
                value = withoutQualifier(value, element.substring(0, dot + 1));
            }
        }
        return value;
    }

    /** {@code value} with every {@code qualifier} that starts a name (not the end of a longer one) removed. */
    private static String withoutQualifier(String value, String qualifier) {
        StringBuilder out = new StringBuilder();
        int from = 0;
        int at = value.indexOf(qualifier);
        while (at >= 0) {
            boolean startsName = at == 0 || !(Character.isLetterOrDigit(value.charAt(at - 1)) || value.charAt(at - 1) == '_');
            out.append(value, from, at);
            if (!startsName) {
                out.append(qualifier);
            }
            from = at + qualifier.length();
            at = value.indexOf(qualifier, from);
        }
        return out.append(value.substring(from)).toString();
    }

    /** {@code kind IN ('Hall', 'Room')}: a coordination inside one condition (the value as the analysis prints it). */
    private static boolean isInList(String value) {
        return value.toUpperCase(Locale.ROOT).contains(" IN (");
    }

    /** The first-level UNION branch a slot prefix is in: {@code set[1]/} of {@code set[1]/set[0]/}. */
    private static String topBranch(String prefix) {
        int end = prefix.indexOf("]/");
        return prefix.startsWith("set[") && end > 0 ? prefix.substring(0, end + 2) : prefix;
    }

    private static int branchCount(List<Slot> slots) {
        Set<String> branches = new HashSet<>();
        for (Slot s : slots) {
            String top = topBranch(s.getPath());
            if (!top.equals(s.getPath())) {
                branches.add(top);
            }
        }
        return branches.size();
    }

    private static List<String> steps(String rest) {
        List<String> out = new ArrayList<>();
        for (String step : rest.split("/")) {
            if (!step.isEmpty()) {
                out.add(step);
            }
        }
        return out;
    }
}

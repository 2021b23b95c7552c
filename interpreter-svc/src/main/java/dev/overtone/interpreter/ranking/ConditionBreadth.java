package dev.overtone.interpreter.ranking;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a condition of a coordinated query reaches every coordinated part or only some: "halls and
 * rooms for 200 people" read as {@code ... UNION ...} with the capacity test in both branches (or as
 * {@code type IN (...) AND capacity >= 200}) against the test in the last branch only (or
 * {@code a OR b AND capacity >= 200}, where AND binds tighter). Lexical, as {@link SqlShape}, and
 * re-implemented by the offline fitting tool: conditions are {@code column op literal} atoms, table
 * qualifiers dropped.
 */
public enum ConditionBreadth {
    /** A condition holds in every coordinated part. */
    EVERY_PART(1.0),
    /** Conditions hold in some coordinated parts only. */
    SOME_PARTS(-1.0),
    /** No coordination, or nothing to tell. */
    NONE(0.0);

    private static final Pattern ATOM = Pattern.compile(
            "([A-Za-z_][\\w.]*)\\s*(>=|<=|<>|!=|=|>|<|\\bLIKE\\b|\\bIN\\b)\\s*('(?:[^']|'')*'|-?\\d+(?:\\.\\d+)?|\\([^()]*\\))",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern UNION = Pattern.compile("\\bUNION(?:\\s+ALL)?\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern WHERE = Pattern.compile("\\bWHERE\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern WHERE_END = Pattern.compile("\\b(?:GROUP\\s+BY|ORDER\\s+BY|HAVING|LIMIT)\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern CONNECTIVE = Pattern.compile("\\(|\\)|\\bAND\\b|\\bOR\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern OR = Pattern.compile("\\bOR\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern OR_OR_IN_LIST = Pattern.compile("\\bOR\\b|\\bIN\\s*\\(", Pattern.CASE_INSENSITIVE);

    private final double value;

    ConditionBreadth(double value) {
        this.value = value;
    }

    /** +1, -1 or 0: the evidence value. */
    public double value() {
        return value;
    }

    public static ConditionBreadth of(String sql) {
        String text = sql == null ? "" : sql;
        List<String> branches = new ArrayList<>();
        for (String b : UNION.split(text)) {
            if (!b.isBlank()) {
                branches.add(b);
            }
        }
        if (branches.size() >= 2) {
            return ofBranches(branches);
        }
        String where = where(text);
        List<String> connectives = topLevelConnectives(where);
        if (connectives.contains("OR") && connectives.contains("AND")) {
            return SOME_PARTS;
        }
        if (connectives.contains("AND") && OR_OR_IN_LIST.matcher(where).find()) {
            return EVERY_PART;
        }
        if (connectives.contains("OR")) {
            List<String> disjuncts = List.of(OR.split(where));
            if (disjuncts.size() > 1 && !common(disjuncts).isEmpty()) {
                return EVERY_PART;
            }
        }
        return NONE;
    }

    private static ConditionBreadth ofBranches(List<String> branches) {
        List<String> wheres = branches.stream().map(ConditionBreadth::where).toList();
        if (!common(wheres).isEmpty()) {
            return EVERY_PART;
        }
        Set<Integer> sizes = new HashSet<>();
        for (String w : wheres) {
            sizes.add(atoms(w).size());
        }
        return sizes.size() > 1 ? SOME_PARTS : NONE;
    }

    /** The atoms every part has. */
    private static Set<String> common(List<String> parts) {
        Set<String> shared = null;
        for (String p : parts) {
            Set<String> a = atoms(p);
            if (shared == null) {
                shared = a;
            } else {
                shared.retainAll(a);
            }
        }
        return shared == null ? Set.of() : shared;
    }

    private static Set<String> atoms(String text) {
        Set<String> out = new HashSet<>();
        Matcher m = ATOM.matcher(text);
        while (m.find()) {
            String column = m.group(1).substring(m.group(1).lastIndexOf('.') + 1);
            out.add(column.toLowerCase(Locale.ROOT) + " " + m.group(2).toUpperCase(Locale.ROOT) + " "
                    + m.group(3).toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /** The WHERE clause's text, up to GROUP BY, ORDER BY, HAVING or LIMIT; empty without one. */
    private static String where(String branch) {
        Matcher m = WHERE.matcher(branch);
        if (!m.find()) {
            return "";
        }
        String rest = branch.substring(m.end());
        Matcher end = WHERE_END.matcher(rest);
        return end.find() ? rest.substring(0, end.start()) : rest;
    }

    /** AND and OR outside parentheses, upper case, in order. */
    private static List<String> topLevelConnectives(String where) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        Matcher m = CONNECTIVE.matcher(where);
        while (m.find()) {
            String s = m.group();
            if (s.equals("(")) {
                depth++;
            } else if (s.equals(")")) {
                depth--;
            } else if (depth == 0) {
                out.add(s.toUpperCase(Locale.ROOT));
            }
        }
        return out;
    }
}

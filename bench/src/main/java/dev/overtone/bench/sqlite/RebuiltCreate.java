package dev.overtone.bench.sqlite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.overtone.bench.sqlite.Identifiers.lower;
import static dev.overtone.bench.sqlite.Identifiers.quote;
import static dev.overtone.bench.sqlite.Identifiers.unquote;

/** {@code _build_create}: a CREATE TABLE rebuilt from the columns the INSERTs name, then the declared leftovers. */
final class RebuiltCreate {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.DOTALL | Pattern.UNICODE_CHARACTER_CLASS;
    private static final Pattern TABLE_CONSTRAINT = Pattern.compile(
            "^\\s*(PRIMARY\\s+KEY|FOREIGN\\s+KEY|UNIQUE|CHECK|CONSTRAINT)\\b", FLAGS);
    private static final Pattern KEY_CONSTRAINT = Pattern.compile("^\\s*(PRIMARY\\s+KEY|UNIQUE)\\b", FLAGS);
    private static final Pattern FIRST_IDENT = Pattern.compile(
            "^\\s*(\"(?:[^\"]|\"\")+\"|`[^`]+`|\\[[^\\]]+\\]|[^\\s(]+)", FLAGS);
    private static final Pattern PARENS = Pattern.compile("\\(([^)]*)\\)", FLAGS);

    private RebuiltCreate() {
    }

    static String of(String table, String createBody, List<String> insertCols) {
        Map<String, String> coldefs = new LinkedHashMap<>();
        List<String> constraints = new ArrayList<>();
        for (String item : splitTopLevel(createBody == null ? "" : createBody)) {
            if (TABLE_CONSTRAINT.matcher(item).find()) {
                constraints.add(item);
            } else {
                String name = firstIdent(item);
                if (name != null && !name.isEmpty()) {
                    coldefs.put(lower(name), item);
                }
            }
        }
        List<String> parts = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String col : insertCols) {
            parts.add(coldefs.getOrDefault(lower(col), quote(col)));
            seen.add(lower(col));
        }
        for (Map.Entry<String, String> e : coldefs.entrySet()) {
            if (!seen.contains(e.getKey())) {
                parts.add(e.getValue());
                seen.add(e.getKey());
            }
        }
        addKeyColumns(constraints, parts, seen);
        for (String item : constraints) {
            Matcher inner = PARENS.matcher(item);
            List<String> cols = new ArrayList<>();
            if (inner.find()) {
                for (String c : inner.group(1).split(",", -1)) {
                    cols.add(lower(unquote(c)));
                }
            }
            String head = item.stripLeading().toUpperCase(Locale.ROOT);
            if (!cols.isEmpty() && seen.containsAll(cols)
                    && !(head.startsWith("FOREIGN") || head.startsWith("CHECK") || head.startsWith("CONSTRAINT"))) {
                parts.add(item);
            }
        }
        return "CREATE TABLE " + quote(table) + " (\n    " + String.join(",\n    ", parts) + "\n)";
    }

    /** A PRIMARY KEY or UNIQUE constraint's columns that no line declares become untyped columns. */
    private static void addKeyColumns(List<String> constraints, List<String> parts, Set<String> seen) {
        for (String item : constraints) {
            if (KEY_CONSTRAINT.matcher(item).find()) {
                Matcher inner = PARENS.matcher(item);
                if (inner.find()) {
                    for (String c : inner.group(1).split(",", -1)) {
                        String t = c.strip();
                        String name = t.isEmpty() ? "" : unquote(t.split("\\s+")[0]);
                        if (!name.isEmpty() && !seen.contains(lower(name))) {
                            parts.add(quote(name));
                            seen.add(lower(name));
                        }
                    }
                }
            }
        }
    }

    static List<String> splitTopLevel(String body) {
        List<String> items = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < body.length(); i++) {
            char ch = body.charAt(i);
            if (quote != 0) {
                cur.append(ch);
                if (ch == quote) {
                    quote = 0;
                }
                continue;
            }
            if (ch == '\'' || ch == '"' || ch == '`') {
                quote = ch;
            } else if (ch == '(') {
                depth++;
            } else if (ch == ')') {
                depth--;
            } else if (ch == ',' && depth == 0) {
                items.add(cur.toString().strip());
                cur.setLength(0);
                continue;
            }
            cur.append(ch);
        }
        if (!cur.toString().strip().isEmpty()) {
            items.add(cur.toString().strip());
        }
        items.removeIf(String::isEmpty);
        return items;
    }

    static String firstIdent(String item) {
        Matcher m = FIRST_IDENT.matcher(item);
        return m.find() ? unquote(m.group(1)) : null;
    }
}

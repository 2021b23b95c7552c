package dev.overtone.bench.sqlite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Loads a SQL dump into a SQLite database exactly as the reference scorer
 * ({@code ambrosia_eval.load_dump}) does, repairing the same quirks and writing the same notes:
 * CREATE TABLE statements that lost column lines the INSERTs still name, bodies reduced to a bare
 * table constraint or ending in a trailing comma, and INSERTs into a table with no CREATE TABLE.
 */
public final class DumpLoader {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.DOTALL | Pattern.UNICODE_CHARACTER_CLASS;
    private static final String IDENT = "(\"(?:[^\"]|\"\")+\"|`[^`]+`|\\[[^\\]]+\\]|[\\w$]+)";
    private static final Pattern INSERT = Pattern.compile(
            "^\\s*INSERT\\s+INTO\\s+" + IDENT + "\\s*\\(([^)]*)\\)\\s*VALUES", FLAGS);
    private static final Pattern CREATE = Pattern.compile(
            "^\\s*CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?" + IDENT + "\\s*\\((.*)\\)\\s*;?\\s*$", FLAGS);
    private static final Pattern TABLE_CONSTRAINT = Pattern.compile(
            "^\\s*(PRIMARY\\s+KEY|FOREIGN\\s+KEY|UNIQUE|CHECK|CONSTRAINT)\\b", FLAGS);
    private static final Pattern KEY_CONSTRAINT = Pattern.compile("^\\s*(PRIMARY\\s+KEY|UNIQUE)\\b", FLAGS);
    private static final Pattern FIRST_IDENT = Pattern.compile(
            "^\\s*(\"(?:[^\"]|\"\")+\"|`[^`]+`|\\[[^\\]]+\\]|[^\\s(]+)", FLAGS);
    private static final Pattern PARENS = Pattern.compile("\\(([^)]*)\\)", FLAGS);
    private static final Pattern TRAILING_COMMA = Pattern.compile(",\\s*\\)(\\s*;?\\s*)$", FLAGS);

    private DumpLoader() {
    }

    /** Loads {@code dump} into {@code conn} (an empty, writable database); returns the repair notes. */
    public static List<String> load(String dump, Connection conn) throws SQLException {
        List<String> notes = new ArrayList<>();
        Map<String, String[]> creates = new LinkedHashMap<>();
        List<String[]> inserts = new ArrayList<>();
        List<String> others = new ArrayList<>();
        Map<String, List<String>> insertCols = new LinkedHashMap<>();
        for (String st : splitStatements(dump)) {
            Matcher mc = CREATE.matcher(st);
            if (mc.find()) {
                creates.put(unquote(mc.group(1)), new String[]{st, mc.group(2)});
                continue;
            }
            Matcher mi = INSERT.matcher(st);
            if (mi.find()) {
                String table = unquote(mi.group(1));
                inserts.add(new String[]{table, st});
                List<String> known = insertCols.computeIfAbsent(lower(table), k -> new ArrayList<>());
                for (String raw : mi.group(2).split(",", -1)) {
                    if (raw.strip().isEmpty()) {
                        continue;
                    }
                    String c = unquote(raw);
                    if (known.stream().noneMatch(k -> lower(k).equals(lower(c)))) {
                        known.add(c);
                    }
                }
                continue;
            }
            String up = st.stripLeading().toUpperCase(Locale.ROOT);
            if (up.startsWith("BEGIN") || up.startsWith("COMMIT") || up.startsWith("PRAGMA")
                    || up.startsWith("DELETE FROM \"SQLITE_SEQUENCE\"")) {
                continue;
            }
            others.add(st);
        }

        boolean autoCommit = conn.getAutoCommit();
        conn.setAutoCommit(false);
        try (Statement s = conn.createStatement()) {
            Set<String> created = new LinkedHashSet<>();
            for (Map.Entry<String, String[]> e : creates.entrySet()) {
                String table = e.getKey();
                String st = e.getValue()[0];
                String body = e.getValue()[1];
                List<String> want = insertCols.getOrDefault(lower(table), List.of());
                String fixed = TRAILING_COMMA.matcher(st).replaceAll(")$1");
                boolean ok = false;
                try {
                    s.execute(fixed);
                    ok = true;
                    if (!fixed.equals(st)) {
                        notes.add(table + ": removed trailing comma in CREATE TABLE");
                    }
                } catch (SQLException ex) {
                    notes.add(table + ": CREATE TABLE failed (" + SqliteErrors.message(ex) + "); rebuilt from INSERT columns");
                }
                if (ok) {
                    Set<String> have = new LinkedHashSet<>();
                    for (String c : tableColumns(conn, table)) {
                        have.add(lower(c));
                    }
                    List<String> missing = want.stream().filter(c -> !have.contains(lower(c))).toList();
                    if (!missing.isEmpty()) {
                        notes.add(table + ": columns " + pythonList(missing) + " missing from CREATE TABLE; rebuilt");
                        s.execute("DROP TABLE " + quoteIdent(table));
                        ok = false;
                    }
                }
                if (!ok) {
                    try {
                        s.execute(buildCreate(table, body, want));
                    } catch (SQLException ex) {
                        notes.add(table + ": rebuilt CREATE failed (" + SqliteErrors.message(ex) + "); using untyped columns");
                        s.execute(buildCreate(table, "", want));
                    }
                }
                created.add(lower(table));
            }
            for (Map.Entry<String, List<String>> e : insertCols.entrySet()) {
                String table = e.getKey();
                if (!created.contains(table)) {
                    String name = inserts.stream().filter(i -> lower(i[0]).equals(table)).findFirst().orElseThrow()[0];
                    notes.add(name + ": no CREATE TABLE in dump; created from INSERT columns");
                    s.execute(buildCreate(name, "", e.getValue()));
                    created.add(table);
                }
            }
            for (String st : others) {
                try {
                    s.execute(st);
                } catch (SQLException ex) {
                    String flat = String.join(" ", st.strip().split("\\s+"));
                    notes.add("statement skipped (" + SqliteErrors.message(ex) + "): "
                            + (flat.length() > 80 ? flat.substring(0, 80) : flat));
                }
            }
            for (String[] ins : inserts) {
                try {
                    s.execute(ins[1]);
                } catch (SQLException ex) {
                    notes.add(ins[0] + ": INSERT failed (" + SqliteErrors.message(ex) + ")");
                }
            }
            conn.commit();
        } finally {
            conn.setAutoCommit(autoCommit);
        }
        return notes;
    }

    /** Splits a dump into complete statements the way {@code _split_statements} does (line by line). */
    public static List<String> splitStatements(String dump) {
        List<String> out = new ArrayList<>();
        StringBuilder buf = new StringBuilder();
        for (String line : splitLinesKeepEnds(dump)) {
            buf.append(line);
            String text = buf.toString();
            if (StatementTokenizer.isComplete(text)) {
                if (!text.strip().isEmpty()) {
                    out.add(text.strip());
                }
                buf.setLength(0);
            }
        }
        String rest = buf.toString().strip();
        if (!rest.isEmpty()) {
            out.add(rest + ";");
        }
        return out;
    }

    /** Python's {@code str.splitlines(True)}: every line boundary Python knows, kept on the line. */
    static List<String> splitLinesKeepEnds(String s) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            int end = -1;
            if (c == '\r') {
                end = (i + 1 < n && s.charAt(i + 1) == '\n') ? i + 2 : i + 1;
            } else if (c == '\n' || c == 0x0b || c == 0x0c || c == 0x1c || c == 0x1d || c == 0x1e
                    || c == 0x85 || c == 0x2028 || c == 0x2029) {
                end = i + 1;
            }
            if (end >= 0) {
                lines.add(s.substring(start, end));
                start = end;
                i = end;
            } else {
                i++;
            }
        }
        if (start < n) {
            lines.add(s.substring(start));
        }
        return lines;
    }

    static String unquote(String name) {
        String n = name.strip();
        if (n.length() >= 2 && n.charAt(0) == n.charAt(n.length() - 1) && (n.charAt(0) == '"' || n.charAt(0) == '`')) {
            String q = String.valueOf(n.charAt(0));
            return n.substring(1, n.length() - 1).replace(q + q, q);
        }
        if (n.length() >= 2 && n.charAt(0) == '[' && n.charAt(n.length() - 1) == ']') {
            return n.substring(1, n.length() - 1);
        }
        return n;
    }

    static String quoteIdent(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    /** Python's repr of a list of strings, as the reference's notes print it. */
    static String pythonList(List<String> items) {
        List<String> reprs = new ArrayList<>();
        for (String it : items) {
            if (it.contains("'") && !it.contains("\"")) {
                reprs.add("\"" + it + "\"");
            } else {
                reprs.add("'" + it.replace("\\", "\\\\").replace("'", "\\'") + "'");
            }
        }
        return "[" + String.join(", ", reprs) + "]";
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

    private static List<String> tableColumns(Connection conn, String table) {
        List<String> cols = new ArrayList<>();
        try (Statement s = conn.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA table_info(" + quoteIdent(table) + ")")) {
            while (rs.next()) {
                cols.add(rs.getString(2));
            }
        } catch (SQLException e) {
            return List.of();
        }
        return cols;
    }

    /** {@code _build_create}: columns from the INSERT list first, then the declared leftovers. */
    static String buildCreate(String table, String createBody, List<String> insertCols) {
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
            parts.add(coldefs.getOrDefault(lower(col), quoteIdent(col)));
            seen.add(lower(col));
        }
        for (Map.Entry<String, String> e : coldefs.entrySet()) {
            if (!seen.contains(e.getKey())) {
                parts.add(e.getValue());
                seen.add(e.getKey());
            }
        }
        for (String item : constraints) {
            if (KEY_CONSTRAINT.matcher(item).find()) {
                Matcher inner = PARENS.matcher(item);
                if (inner.find()) {
                    for (String c : inner.group(1).split(",", -1)) {
                        String t = c.strip();
                        String name = t.isEmpty() ? "" : unquote(t.split("\\s+")[0]);
                        if (!name.isEmpty() && !seen.contains(lower(name))) {
                            parts.add(quoteIdent(name));
                            seen.add(lower(name));
                        }
                    }
                }
            }
        }
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
        return "CREATE TABLE " + quoteIdent(table) + " (\n    " + String.join(",\n    ", parts) + "\n)";
    }
}

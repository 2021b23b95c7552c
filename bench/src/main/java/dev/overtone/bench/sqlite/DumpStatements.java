package dev.overtone.bench.sqlite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.overtone.bench.sqlite.Identifiers.lower;
import static dev.overtone.bench.sqlite.Identifiers.unquote;

/**
 * A dump's statements sorted as {@code ambrosia_eval.load_dump} sorts them: CREATE TABLEs by table, INSERTs
 * with the columns each table's INSERTs name, and the rest (transaction and PRAGMA lines dropped).
 */
record DumpStatements(Map<String, CreateTable> creates, List<Insert> inserts, List<String> others,
                      Map<String, List<String>> insertColumns) {

    /** A CREATE TABLE as written, and the body between its outer parentheses. */
    record CreateTable(String statement, String body) {
    }

    record Insert(String table, String statement) {
    }

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.DOTALL | Pattern.UNICODE_CHARACTER_CLASS;
    private static final String IDENT = "(\"(?:[^\"]|\"\")+\"|`[^`]+`|\\[[^\\]]+\\]|[\\w$]+)";
    private static final Pattern INSERT = Pattern.compile(
            "^\\s*INSERT\\s+INTO\\s+" + IDENT + "\\s*\\(([^)]*)\\)\\s*VALUES", FLAGS);
    private static final Pattern CREATE = Pattern.compile(
            "^\\s*CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?" + IDENT + "\\s*\\((.*)\\)\\s*;?\\s*$", FLAGS);

    static DumpStatements of(String dump) {
        Map<String, CreateTable> creates = new LinkedHashMap<>();
        List<Insert> inserts = new ArrayList<>();
        List<String> others = new ArrayList<>();
        Map<String, List<String>> insertColumns = new LinkedHashMap<>();
        for (String st : split(dump)) {
            Matcher mc = CREATE.matcher(st);
            if (mc.find()) {
                creates.put(unquote(mc.group(1)), new CreateTable(st, mc.group(2)));
                continue;
            }
            Matcher mi = INSERT.matcher(st);
            if (mi.find()) {
                String table = unquote(mi.group(1));
                inserts.add(new Insert(table, st));
                addColumns(insertColumns.computeIfAbsent(lower(table), k -> new ArrayList<>()), mi.group(2));
                continue;
            }
            String up = st.stripLeading().toUpperCase(Locale.ROOT);
            if (up.startsWith("BEGIN") || up.startsWith("COMMIT") || up.startsWith("PRAGMA")
                    || up.startsWith("DELETE FROM \"SQLITE_SEQUENCE\"")) {
                continue;
            }
            others.add(st);
        }
        return new DumpStatements(creates, inserts, others, insertColumns);
    }

    private static void addColumns(List<String> known, String columnList) {
        for (String raw : columnList.split(",", -1)) {
            if (raw.strip().isEmpty()) {
                continue;
            }
            String c = unquote(raw);
            if (known.stream().noneMatch(k -> lower(k).equals(lower(c)))) {
                known.add(c);
            }
        }
    }

    /** Splits a dump into complete statements the way {@code _split_statements} does (line by line). */
    static List<String> split(String dump) {
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
}

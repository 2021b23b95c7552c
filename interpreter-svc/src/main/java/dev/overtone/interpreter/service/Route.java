package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Source;

import java.util.Locale;

/** One way of reaching a reading: its words and/or SQL, and where it came from. */
public record Route(String text, String sql, Source source, String family) {
    public Route withSql(String newSql) {
        return new Route(text, newSql, source, family);
    }

    public boolean hasSql() {
        return sql != null && !sql.isBlank();
    }

    public boolean hasText() {
        return text != null && !text.isBlank();
    }

    /**
     * Key of the SQL text, to execute the same statement once per call and to count a candidate once, and the SQL's
     * identity before any analysis of it (after one, parser-svc's canonical form is: SeenReadings). Keyword and
     * name case, spacing and trailing semicolons do not count, the inside of a quoted literal or name does
     * ({@code 'Lisbon'} and {@code 'lisbon'} are two statements; so are {@code 'A  B'} and {@code 'A B'}).
     */
    public String sqlKey() {
        String s = sql.strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return foldedOutsideQuotes(s);
    }

    /**
     * Lower case and each run of whitespace as one space, outside single- and double-quoted runs only; a
     * doubled quote inside a run ({@code 'it''s'}) closes and reopens it, which leaves its inside as it was.
     */
    static String foldedOutsideQuotes(String s) {
        StringBuilder out = new StringBuilder(s.length());
        char quote = 0;
        boolean inRun = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                out.append(c);
                if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            boolean space = isSpace(c);
            if (!space) {
                out.append(Character.toLowerCase(c));
                if (c == '\'' || c == '"') {
                    quote = c;
                }
            } else if (!inRun) {
                out.append(' ');
            }
            inRun = space;
        }
        return out.toString();
    }

    public String textKey() {
        return text == null ? "" : spacesCollapsed(text.strip()).toLowerCase(Locale.ROOT);
    }

    /**
     * Each run of whitespace (as the pattern {@code \s}: space, tab, line breaks, vertical tab, form feed)
     * as one space, in one pass: the keys are made several times per reading and call, and a regular
     * expression made them a twelfth of interpreter-svc's CPU.
     */
    static String spacesCollapsed(String s) {
        StringBuilder out = new StringBuilder(s.length());
        boolean inRun = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean space = isSpace(c);
            if (!space) {
                out.append(c);
            } else if (!inRun) {
                out.append(' ');
            }
            inRun = space;
        }
        return out.toString();
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }
}

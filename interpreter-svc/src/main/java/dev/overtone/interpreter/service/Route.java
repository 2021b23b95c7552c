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

    /** Whitespace- and case-insensitive key of the SQL, to execute the same statement once per call. */
    public String sqlKey() {
        String s = sql.strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return spacesCollapsed(s).toLowerCase(Locale.ROOT);
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
            boolean space = c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
            if (!space) {
                out.append(c);
            } else if (!inRun) {
                out.append(' ');
            }
            inRun = space;
        }
        return out.toString();
    }
}

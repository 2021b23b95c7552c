package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Source;

import java.util.Locale;
import java.util.regex.Pattern;

/** One way of reaching a reading: its words and/or SQL, and where it came from. */
public record Route(String text, String sql, Source source, String family) {
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");


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
        return WHITESPACE.matcher(s).replaceAll(" ").toLowerCase(Locale.ROOT);
    }

    public String textKey() {
        return text == null ? "" : WHITESPACE.matcher(text.strip()).replaceAll(" ").toLowerCase(Locale.ROOT);
    }
}

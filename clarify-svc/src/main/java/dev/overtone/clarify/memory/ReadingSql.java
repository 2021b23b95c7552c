package dev.overtone.clarify.memory;

import java.util.Locale;

/**
 * A reading's SQL as the memory keeps it, and a question's text as it matches one: spacing and a final mark aside, so
 * the same reading of the same question asked again is found whatever its layout.
 */
public final class ReadingSql {

    private ReadingSql() {
    }

    /** The SQL with its runs of white space as one space, without a final semicolon. */
    public static String of(String sql) {
        return sql == null ? "" : sql.replaceAll("\\s+", " ").trim().replaceAll("\\s*;$", "");
    }

    /** The question in lower case, its spacing collapsed, without a final mark. */
    public static String question(String question) {
        return question == null ? "" : question.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").replaceAll("[\\s?.!]+$", "").trim();
    }
}

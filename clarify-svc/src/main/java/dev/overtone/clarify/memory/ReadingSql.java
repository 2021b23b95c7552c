package dev.overtone.clarify.memory;

import java.util.Locale;

/**
 * A reading's SQL as the memory keeps it, and a question's text as it matches one: spacing and a final mark aside, so
 * the same reading of the same question asked again is found whatever its layout.
 */
public final class ReadingSql {

    private ReadingSql() {
    }

    /** The SQL with its runs of white space as one space, without a final semicolon (one pass: every Recall reads every SQL). */
    public static String of(String sql) {
        if (sql == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(sql.length());
        boolean space = false;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                space = out.length() > 0;
            } else {
                if (space) {
                    out.append(' ');
                    space = false;
                }
                out.append(c);
            }
        }
        int end = out.length();
        while (end > 0 && (out.charAt(end - 1) == ';' || out.charAt(end - 1) == ' ')) {
            end--;
        }
        return out.substring(0, end);
    }

    /** The question in lower case, its spacing collapsed, without a final mark. */
    public static String question(String question) {
        return question == null ? "" : question.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").replaceAll("[\\s?.!]+$", "").trim();
    }
}

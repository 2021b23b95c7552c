package dev.overtone.clarify.service;

import dev.overtone.clarify.mapping.Vocabulary;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An option as a plain noun phrase, read off the slot's normalised value (parser-svc renders columns
 * as {@code table.column} and functions in upper case): {@code hotels.stars} → "the hotel's stars",
 * {@code AVG(reviews.score)} → "the average review score", {@code COUNT(*)} → "the number of rows".
 * Other shapes (conditions, expressions) have no phrase here and keep parser-svc's label.
 */
final class OptionPhrase {

    private static final String NAME = "[A-Za-z_][A-Za-z0-9_]*";
    private static final Pattern COLUMN = Pattern.compile("(" + NAME + ")\\.(" + NAME + ")");
    private static final Pattern AGGREGATE = Pattern.compile("(COUNT|SUM|TOTAL|AVG|MIN|MAX)\\((DISTINCT )?(\\*|" + NAME + "\\." + NAME + ")\\)",
            Pattern.CASE_INSENSITIVE);

    private OptionPhrase() {
    }

    static Optional<String> of(String value) {
        String v = value.trim();
        Matcher c = COLUMN.matcher(v);
        if (c.matches()) {
            String table = singular(words(c.group(1)));
            String column = words(c.group(2));
            return Optional.of(names(column, table) ? "the " + column : "the " + table + "'s " + column);
        }
        Matcher a = AGGREGATE.matcher(v);
        if (!a.matches()) {
            return Optional.empty();
        }
        String fn = a.group(1).toUpperCase(Locale.ROOT);
        boolean distinct = a.group(2) != null;
        if (a.group(3).equals("*")) {
            return fn.equals("COUNT") ? Optional.of("the number of rows") : Optional.empty();
        }
        Matcher col = COLUMN.matcher(a.group(3));
        if (!col.matches()) {
            return Optional.empty();
        }
        String table = singular(words(col.group(1)));
        String column = words(col.group(2));
        String thing = names(column, table) ? column : table + " " + column;
        return Optional.of(switch (fn) {
            case "COUNT" -> "the number of " + (distinct ? "different " + column + " values" : table + " " + column + " values");
            case "SUM", "TOTAL" -> "the total " + thing;
            case "AVG" -> "the average " + thing;
            case "MIN" -> "the lowest " + thing;
            default -> "the highest " + thing;
        });
    }

    /** Whether the column's words already name its table ("category name" of categories). */
    private static boolean names(String column, String table) {
        return (" " + column + " ").contains(" " + table + " ");
    }

    /** "star_rating" / "StarRating" → "star rating". */
    static String words(String name) {
        return String.join(" ", Vocabulary.words(name.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('_', ' ')));
    }

    /** "hotels" → "hotel", "categories" → "category", "addresses" → "address"; the last word only. */
    static String singular(String words) {
        int space = words.lastIndexOf(' ');
        String head = words.substring(0, space + 1);
        String w = words.substring(space + 1);
        if (w.length() <= 3 || w.endsWith("ss") || w.endsWith("us") || w.endsWith("is")) {
            return words;
        }
        if (w.endsWith("ies")) {
            return head + w.substring(0, w.length() - 3) + "y";
        }
        for (String ending : List.of("sses", "shes", "ches", "xes", "zes")) {
            if (w.endsWith(ending)) {
                return head + w.substring(0, w.length() - 2);
            }
        }
        return w.endsWith("s") ? head + w.substring(0, w.length() - 1) : words;
    }
}

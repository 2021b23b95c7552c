package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The content terms of a question and whether the schema grounds them lexically (a table or column
 * name, a part of one, or a sample value). Consecutive ungrounded words form one term ("churn risk").
 * Lexical grounding is deliberately conservative: a term it cannot ground is a pivot-term candidate
 * when readings exist, and the reason a question is unanswerable when none does.
 */
public final class QuestionTerms {
    /** What separates the words of a name or a sample value. */
    public static final Pattern NOT_LETTER_OR_DIGIT = Pattern.compile("[^\\p{L}\\p{N}]+");
    /** Where a camelCase name starts its next word ("HotelName" → Hotel, Name). */
    public static final Pattern CAMEL_CASE_BOUNDARY = Pattern.compile("(?<=\\p{Ll})(?=\\p{Lu})");
    /** What separates the words of a question (apostrophes, hyphens and underscores stay in a word). */
    private static final Pattern QUESTION_WORD_BREAK = Pattern.compile("[^\\p{L}\\p{N}_'-]+");
    private static final Pattern OUTER_QUOTES = Pattern.compile("^'+|'+$");

    /** Function words and the vocabulary of asking itself: never a reference to the data. */
    private static final Set<String> NEUTRAL = Set.of(
            "a", "an", "the", "of", "for", "in", "on", "at", "to", "by", "with", "from", "and", "or", "not", "no",
            "is", "are", "was", "were", "be", "been", "has", "have", "had", "do", "does", "did", "that", "this",
            "these", "those", "it", "its", "their", "them", "they", "there", "which", "what", "who", "whom", "whose",
            "where", "when", "how", "why", "me", "my", "we", "our", "you", "your", "i", "all", "each", "every", "any",
            "some", "per", "than", "then", "as", "into", "about", "over", "under", "between", "both", "either",
            "return", "returns", "show", "list", "give", "get", "find", "display", "tell", "provide", "report",
            "fetch", "retrieve", "select", "please", "many", "much", "number", "count", "total", "sum", "average",
            "avg", "mean", "maximum", "max", "minimum", "min", "highest", "lowest", "most", "least", "top", "bottom",
            "first", "last", "more", "less", "fewer", "greater", "smaller", "larger", "bigger", "only", "also", "same",
            "different", "distinct", "unique", "order", "ordered", "sorted", "sort", "ascending", "descending", "name",
            "names", "value", "values", "information", "info", "details", "data", "record", "records", "row", "rows",
            "one", "two", "three", "whole", "overall", "ever", "currently", "current", "along", "together",
            "including", "include", "includes", "without", "within", "like", "such");

    /**
     * Vague measure words: they name no column, but any numeric column of the schema can be what they
     * mean ("rating" = stars or an average review score). They are pivot terms, never ungrounded.
     */
    private static final Set<String> MEASURES = Set.of(
            "rating", "ratings", "rated", "rate", "score", "scores", "grade", "rank", "ranking", "quality",
            "popularity", "popular", "size", "amount", "cost", "costs", "expensive", "cheap", "price", "prices",
            "value", "performance", "age", "old", "new", "recent", "big", "large", "small", "best", "worst",
            "good", "bad", "revenue", "income", "spend", "spent", "length", "duration", "long", "capacity");

    /** How a term reaches the schema. */
    public enum Grounding {
        /** A table or column name (or part of one) or a sample value. */
        SCHEMA,
        /** A vague measure word that numeric columns can mean. */
        VAGUE,
        /** Nothing in the schema. */
        NONE
    }

    public record Term(String text, Grounding grounding) {
        public boolean grounded() {
            return grounding == Grounding.SCHEMA;
        }
    }

    private QuestionTerms() {
    }

    public static List<Term> of(String question, Schema schema) {
        Set<String> vocabulary = vocabulary(schema);
        boolean numeric = schema.getTablesList().stream().flatMap(t -> t.getColumnsList().stream())
                .anyMatch(c -> !c.getPrimaryKey() && (c.getValueType() == ValueType.VALUE_TYPE_INTEGER
                        || c.getValueType() == ValueType.VALUE_TYPE_REAL));
        List<Term> terms = new ArrayList<>();
        List<String> pending = new ArrayList<>();
        for (String word : QUESTION_WORD_BREAK.split(question.toLowerCase(Locale.ROOT))) {
            String w = OUTER_QUOTES.matcher(word).replaceAll("");
            if (w.isEmpty() || NEUTRAL.contains(w) || w.chars().allMatch(Character::isDigit)) {
                flush(pending, terms);
                continue;
            }
            if (grounded(w, vocabulary)) {
                flush(pending, terms);
                terms.add(new Term(w, Grounding.SCHEMA));
            } else if (numeric && MEASURES.contains(w)) {
                flush(pending, terms);
                terms.add(new Term(w, Grounding.VAGUE));
            } else {
                pending.add(w);
            }
        }
        flush(pending, terms);
        return terms;
    }

    /** Terms nothing in the schema can mean: the reason a question is unanswerable. */
    public static List<String> ungrounded(List<Term> terms) {
        return terms.stream().filter(t -> t.grounding() == Grounding.NONE).map(Term::text).distinct().toList();
    }

    /** Terms the schema does not name outright (vague or ungrounded): where readings can part ways. */
    public static List<String> pivots(List<Term> terms) {
        return terms.stream().filter(t -> t.grounding() != Grounding.SCHEMA).map(Term::text).distinct().toList();
    }

    private static void flush(List<String> pending, List<Term> terms) {
        if (!pending.isEmpty()) {
            terms.add(new Term(String.join(" ", pending), Grounding.NONE));
            pending.clear();
        }
    }

    static boolean grounded(String word, Set<String> vocabulary) {
        String stem = stem(word);
        return vocabulary.contains(word) || vocabulary.contains(stem) || sharesPrefix(stem, vocabulary);
    }

    /** Whether a stem of 4+ letters begins one of the words (of 4+ letters), or one of them begins it. */
    public static boolean sharesPrefix(String stem, Set<String> words) {
        if (stem.length() < 4) {
            return false;
        }
        for (String w : words) {
            if (w.length() >= 4 && (w.startsWith(stem) || stem.startsWith(w))) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> vocabulary(Schema schema) {
        Set<String> out = new HashSet<>();
        for (Table table : schema.getTablesList()) {
            addName(table.getName(), out);
            for (Column column : table.getColumnsList()) {
                addName(column.getName(), out);
                for (String value : column.getSampleValuesList()) {
                    if (value.length() <= 60 && !value.chars().allMatch(c -> Character.isDigit(c) || c == '.' || c == '-')) {
                        addName(value, out);
                    }
                }
            }
        }
        return out;
    }

    private static void addName(String name, Set<String> out) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (String part : NOT_LETTER_OR_DIGIT.split(lower)) {
            if (!part.isEmpty()) {
                out.add(part);
                out.add(stem(part));
            }
        }
        // camelCase parts too (HotelName -> hotel, name)
        for (String part : CAMEL_CASE_BOUNDARY.split(name)) {
            if (part.length() > 1) {
                out.add(stem(part.toLowerCase(Locale.ROOT)));
            }
        }
    }

    public static String stem(String w) {
        if (w.length() > 4 && w.endsWith("ies")) {
            return w.substring(0, w.length() - 3) + "y";
        }
        if (w.length() > 4 && (w.endsWith("ses") || w.endsWith("xes") || w.endsWith("ches") || w.endsWith("shes"))) {
            return w.substring(0, w.length() - 2);
        }
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss")) {
            return w.substring(0, w.length() - 1);
        }
        return w;
    }
}

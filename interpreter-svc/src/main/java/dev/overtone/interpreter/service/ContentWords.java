package dev.overtone.interpreter.service;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The words of a question term that can name something in data: a term less the closed-class words of English
 * (conjunctions, pronouns, auxiliaries, adverbs of degree and time) and the vocabulary of asking about a table
 * itself ("listed", "table", "column", "separately"). The schema never has anything for those, so their absence
 * says nothing about the question: they are never evidence that it cannot be answered.
 */
public final class ContentWords {
    private static final Set<String> NOT_CONTENT = Set.of(
            // closed-class words QuestionTerms does not already drop
            "but", "just", "so", "if", "because", "while", "whether", "though", "although", "unless", "until", "since",
            "yet", "still", "even", "very", "too", "quite", "rather", "really", "again", "already", "ever", "never",
            "always", "often", "here", "out", "up", "down", "off", "through", "during", "before", "after", "above",
            "below", "upon", "against", "among", "across", "behind", "beyond", "via", "whatever", "whichever",
            "whoever", "he", "she", "him", "her", "his", "hers", "us", "itself", "themselves", "ourselves", "yourself",
            "other", "others", "another", "own", "can", "could", "will", "would", "shall", "should", "may", "might",
            "must", "need", "needs", "want", "wants", "wanted", "let", "lets", "please", "kindly", "being",
            "am", "isn't", "aren't", "don't", "doesn't", "didn't", "not", "nor", "else", "instead", "etc", "e", "g",
            "ie", "eg", "vs", "versus", "whereas", "thus", "therefore", "hence", "well", "now", "later", "soon",
            "either", "neither", "several", "various", "certain", "few", "lot", "lots", "something", "anything",
            "everything", "nothing", "someone", "anyone", "everyone", "somebody", "anybody", "everybody", "thing",
            "things", "way", "ways", "kind", "kinds", "sort", "type", "types", "also", "only", "exactly", "specific",
            "specifically", "particular", "respective", "respectively", "corresponding", "related", "associated",
            "available", "existing", "present", "possible", "actual", "actually",
            // the vocabulary of asking about a table (not of the data in it)
            "table", "tables", "column", "columns", "field", "fields", "database", "databases", "db", "entry",
            "entries", "list", "listed", "listing", "lists", "shown", "showing", "show", "displayed", "display",
            "give", "given", "giving", "me", "separately", "separate", "single", "combined", "combine", "together",
            "result", "results", "output", "query", "answer", "question", "include", "included", "including",
            "mention", "mentioned", "belong", "belongs", "belonging", "contain", "contains", "containing", "located",
            "offered", "offer", "offers", "provided", "provide", "provides", "have", "has", "having", "get", "got",
            "see", "know", "look", "looking", "interested", "identify", "determine", "which", "whose", "what",
            "all", "each", "every", "any", "some", "both", "many", "much", "more", "most", "less", "least");

    private ContentWords() {
    }

    /** The term's content words, in order; empty when it has none. */
    public static List<String> of(String term) {
        return Arrays.stream(QuestionTerms.NOT_LETTER_OR_DIGIT.split(term.toLowerCase(Locale.ROOT)))
                .filter(w -> !w.isEmpty() && !NOT_CONTENT.contains(w) && !w.chars().allMatch(Character::isDigit)).toList();
    }
}

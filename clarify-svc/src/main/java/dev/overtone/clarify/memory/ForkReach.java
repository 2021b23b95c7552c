package dev.overtone.clarify.memory;

import dev.overtone.clarify.service.DecisionVariable;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How far a remembered choice reaches. What a word means among schema elements (the column or table: "rating" read
 * as reviews.score rather than hotels.stars) is a meaning of the tenant's, and carries over to every question of that
 * database that turns on the same alternatives about the same word (the fork's pivot term; {@link ChoiceMatcher}
 * requires the other question's fork to have it). A fork of structure (a condition or none, where a condition
 * attaches, whether "both" means each or together) is decided by each question's own grammar, not by the tenant:
 * it is remembered for the question it was chosen for, and carried over to no other (on the Ambrosia* dev set,
 * carrying scope and attachment choices over to sibling questions that state their reading made 31 first readings
 * wrong for 4 it made right).
 */
final class ForkReach {
    /** A column or table, optionally qualified, optionally under one function: {@code hotels.stars}, {@code AVG(reviews.score)}. */
    private static final Pattern SCHEMA_ELEMENT = Pattern.compile(
            "(?:[A-Za-z_][A-Za-z0-9_]*\\(\\s*(?:DISTINCT\\s+)?)?[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)?\\s*\\)?",
            Pattern.CASE_INSENSITIVE);

    /** The clause of a fork between the columns a reading shows. */
    static final String SHOWN = "select";

    private ForkReach() {
    }

    /** Whether the choice was made for this very question (case, spacing and the final mark aside). */
    static boolean ownQuestion(Choice choice, String question) {
        return ReadingSql.question(choice.question()).equals(ReadingSql.question(question));
    }

    /**
     * Whether the choice may carry over to other questions: a word's meaning among schema elements, or, without a word,
     * which column the answer shows (a SELECT fork between columns). The pivot term is not found for every vague word
     * ("What's the highest airport?": the airport's code or its name; "Who created Giselle?": its choreographer or its
     * musician), and the same columns offered again are the same choice, whatever the other question's word.
     */
    static boolean carriesOver(Choice choice) {
        return carriesOver(choice.clause(), choice.pivotTerm(), choice.chosenValue(), choice.rejectedValues());
    }

    /** As above, for a fork's choice before it is stored. */
    static boolean carriesOver(ForkChoice fork) {
        return carriesOver(fork.clause(), fork.pivotTerm(), fork.chosenValue(), fork.rejectedValues());
    }

    private static boolean carriesOver(String clause, String pivotTerm, String chosen, List<String> rejected) {
        return (!pivotTerm.isEmpty() || SHOWN.equals(clause)) && schemaElement(chosen) && rejected.stream().allMatch(ForkReach::schemaElement);
    }

    static boolean schemaElement(String value) {
        return !DecisionVariable.ABSENT.equals(value) && SCHEMA_ELEMENT.matcher(value.trim()).matches();
    }

}

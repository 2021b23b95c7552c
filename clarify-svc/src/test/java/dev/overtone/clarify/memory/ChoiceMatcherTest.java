package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.DecisionVariableExtractor;
import dev.overtone.clarify.service.SlotValue;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * When a remembered choice decides a fork of a question, with slots as parser-svc reports them: it transfers to other
 * words for the same alternatives, never overrides a question that names another value, and needs its clause, its
 * values and (when both have one) its pivot term to match.
 */
class ChoiceMatcherTest {
    private static final String STARS = "hotels.stars";
    private static final String SCORE = "AVG(reviews.score)";
    private static final Function<DecisionVariable, String> BY_WORDS = null;

    private static SlotValue slot(String path, String value, String... elements) {
        return new SlotValue(path, value, "shows " + value, List.of(elements));
    }

    /** Stars of the hotel vs. the average score of its reviews, with a where condition only the third reading has. */
    private static List<DecisionVariable> hotelForks() {
        List<SlotValue> stars = List.of(slot("select[0]", "hotels.name", "hotels.name"), slot("select[1]", STARS, STARS),
                slot("from[0]", "hotels", "hotels"));
        List<SlotValue> score = List.of(slot("select[0]", "hotels.name", "hotels.name"), slot("select[1]", SCORE, "reviews.score"),
                slot("from[0]", "hotels", "hotels"), slot("join[1]/on", "reviews.hotel_id = hotels.id", "reviews.hotel_id", "hotels.id"),
                slot("group_by[0]", "hotels.name", "hotels.name"));
        List<SlotValue> goodStars = List.of(slot("select[0]", "hotels.name", "hotels.name"), slot("select[1]", STARS, STARS),
                slot("from[0]", "hotels", "hotels"), slot("where/and[0]", "hotels.stars > 3", STARS));
        // the pivot terms clarify-svc finds with the model (PivotTermTest): 'rating' for the column, none for the condition
        return DecisionVariableExtractor.extract(List.of(stars, score, goodStars)).stream()
                .map(v -> v.withPivotTerm(v.clause().equals("select") ? "rating" : "")).toList();
    }

    private static final String ASKED = "Return the rating of each hotel";

    /** A choice made when {@link #ASKED} was asked. */
    private static Choice choice(String clause, String pivot, String chosen, String... rejected) {
        return new Choice(UUID.randomUUID(), "demo", "hotels", clause, pivot, chosen, List.of(rejected), chosen, ASKED,
                Choice.Source.DIALOGUE, Instant.parse("2026-11-20T10:00:00Z"), Instant.parse("2027-05-19T10:00:00Z"));
    }

    private static List<Decision> match(String question, Choice... choices) {
        return ChoiceMatcher.match(question, hotelForks(), List.of(choices), DecisionVariable::pivotTerm);
    }

    @Test
    void aChoiceTransfersToOtherWordsForTheSameAlternatives() {
        Choice score = choice("select", "rating", SCORE, STARS);
        List<Decision> same = match("Return the rating of each hotel", score);
        List<Decision> other = match("which hotels have the best rating", score);

        for (List<Decision> decided : List.of(same, other)) {
            assertThat(decided).hasSize(1);
            DecisionVariable v = hotelForks().get(decided.get(0).variable());
            assertThat(ForkValues.key(v, decided.get(0).value())).isEqualTo(SCORE);
            assertThat(decided.get(0).choice()).isSameAs(score);
        }
        // the reading with the score is the only one consistent with it
        List<DecisionVariable> forks = hotelForks();
        assertThat(List.of(0, 1, 2)).filteredOn(i -> ChoiceMatcher.consistent(i, forks, same)).containsExactly(1);
    }

    @Test
    void aQuestionThatNamesAnotherValueIsNeverOverridden() {
        assertThat(match("Return the star rating of each hotel", choice("select", "rating", SCORE, STARS))).isEmpty();
        assertThat(match("Return the average review score of each hotel", choice("select", "rating", STARS, SCORE))).isEmpty();
        // words that name the rejected value beside the chosen one: the question speaks of both, memory stays out
        assertThat(match("Return the stars and the average review score of each hotel", choice("select", "rating", SCORE, STARS))).isEmpty();
        // words that name the remembered value agree with it: it applies
        assertThat(match("Return the average review score of each hotel", choice("select", "rating", SCORE, STARS))).hasSize(1);
    }

    @Test
    void forItsOwnQuestionAChoiceAppliesWhateverTheWords() {
        // the person chose the score reading of "the star rating of each hotel" with those very words in front of them
        Choice score = new Choice(UUID.randomUUID(), "demo", "hotels", "select", "rating", SCORE, List.of(STARS), SCORE,
                "Return the star rating of each hotel", Choice.Source.DIALOGUE, Instant.parse("2026-11-20T10:00:00Z"),
                Instant.parse("2027-05-19T10:00:00Z"));
        assertThat(match("Return the star rating of each hotel", score)).hasSize(1);
        assertThat(match("Return the star rating of every hotel", score)).isEmpty();
    }

    @Test
    void aChoiceOfStructureIsKeptForItsOwnQuestionOnly() {
        Choice noCondition = choice("where", "", DecisionVariable.ABSENT, "hotels.stars > 3");
        assertThat(match("return the rating of each hotel?", noCondition)).hasSize(1);
        assertThat(match("Which hotels have the best rating", noCondition)).isEmpty();
        // a choice between schema elements is the tenant's meaning of a word: it goes to other questions about that word
        assertThat(match("Which hotels have the best rating", choice("select", "rating", SCORE, STARS))).hasSize(1);
        // without the word it was a choice of columns for that question only
        assertThat(match("Which hotels have the best rating", choice("select", "", SCORE, STARS))).isEmpty();
        assertThat(match(ASKED, choice("select", "", SCORE, STARS))).hasSize(1);
    }

    @Test
    void clauseValuesAndPivotTermMustMatch() {
        String question = "Return the rating of each hotel";
        assertThat(match(question, choice("where", "rating", SCORE, STARS))).isEmpty();
        assertThat(match(question, choice("select", "popularity", SCORE, STARS))).isEmpty();
        assertThat(match(question, choice("select", "ratings", SCORE, STARS))).hasSize(1); // the same word, inflected
        assertThat(match(question, choice("select", "", SCORE, STARS))).hasSize(1);
        // the chosen value is there but none of the alternatives it was chosen over: another fork
        assertThat(match(question, choice("select", "rating", SCORE, "hotels.price"))).isEmpty();
        assertThat(match(question, choice("select", "rating", "hotels.price", STARS))).isEmpty();
    }

    @Test
    void theNewestChoiceOfAForkWins() {
        List<Decision> decided = match("Return the rating of each hotel",
                choice("select", "rating", STARS, SCORE), choice("select", "rating", SCORE, STARS));
        DecisionVariable v = hotelForks().get(decided.get(0).variable());
        assertThat(decided).hasSize(1);
        assertThat(ForkValues.key(v, decided.get(0).value())).isEqualTo(STARS);
    }

    @Test
    void aChoiceThatWouldLeaveNoReadingIsPassedOver() {
        // the score and the condition on stars never come together: the fork met first (slot order) keeps its choice
        List<Decision> decided = match("Return the rating of each hotel",
                choice("select", "rating", SCORE, STARS), choice("where", "", "hotels.stars > 3", DecisionVariable.ABSENT));
        assertThat(decided).extracting(d -> d.choice().clause()).containsExactly("select");
    }

    @Test
    void nothingRememberedNothingApplied() {
        assertThat(match("Return the rating of each hotel")).isEmpty();
        assertThat(ChoiceMatcher.match("q", List.of(), List.of(choice("select", "", SCORE, STARS)), BY_WORDS)).isEmpty();
    }
}

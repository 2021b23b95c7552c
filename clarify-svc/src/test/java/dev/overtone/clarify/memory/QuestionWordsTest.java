package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.service.DecisionVariable;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuestionWordsTest {
    private static final DecisionVariable RATING = new DecisionVariable("v1", List.of("select[1]"), "select", new int[] {0, 1},
            List.of("hotels.stars", "AVG(reviews.score)"),
            List.of("the hotels' star rating (hotels.stars)", "the average guest review score (reviews.score)"),
            List.of("hotels.stars hotels.stars", "reviews.score AVG(reviews.score)"));
    private static final DecisionVariable STARS_CONDITION = new DecisionVariable("v2", List.of("where"), "where", new int[] {0, 1},
            List.of(DecisionVariable.ABSENT, "hotels.stars > 3"),
            List.of("no condition", "hotels with more than 3 stars (hotels.stars)"),
            List.of("", "hotels.stars"));

    @Test
    void aQuestionNamesTheValueItsWordsSpellAndNoneWhenTheyAreVague() {
        assertThat(QuestionWords.namedValues("the star rating", RATING)).containsExactly(0);
        assertThat(QuestionWords.namedValues("the review score", RATING)).containsExactly(1);
        assertThat(QuestionWords.namedValues("the value", RATING)).isEmpty();
    }

    @Test
    void theTableTheQuestionIsAboutNamesNoCondition() {
        assertThat(QuestionWords.namedValues("list each hotel", STARS_CONDITION)).isEmpty();
        assertThat(QuestionWords.namedValues("list each hotel by its stars", STARS_CONDITION)).containsExactly(1);
    }

    @Test
    void noQuestionNamesNothing() {
        assertThat(QuestionWords.namedValues(null, RATING)).isEmpty();
        assertThat(QuestionWords.namedValues("  ", RATING)).isEmpty();
    }
}

package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class QuestionWriterTest {

    @Test
    void namesTheForkByItsPivotTermWithPlainOptions() {
        DecisionVariable rating = new DecisionVariable("v1", List.of("select[1]"), "select", new int[] {0, 1, 1},
                List.of("hotels.stars", "AVG(reviews.score)"),
                List.of("the hotel's stars (hotels.stars)", "the average review score (reviews.score)"),
                List.of("hotels.stars", "reviews.score"), "rating");
        PlannedQuestion q = QuestionWriter.write(rating, new double[] {0.5, 0.3, 0.2}, 1.0, 8);
        assertThat(q.text()).isEqualTo("By 'rating', do you mean the hotel's stars (hotels.stars) or the average review score (reviews.score)?");
        assertThat(q.options()).extracting(PlannedQuestion.Option::id).containsExactly("o1", "o2", "o3", "o4");
        assertThat(q.options()).extracting(PlannedQuestion.Option::kind)
                .containsExactly(PlannedQuestion.Kind.VALUE, PlannedQuestion.Kind.VALUE, PlannedQuestion.Kind.NONE, PlannedQuestion.Kind.ANY);
        assertThat(q.options().get(0).probability()).isCloseTo(0.5, within(1e-12));
        assertThat(q.options().get(1).probability()).isCloseTo(0.5, within(1e-12));
        assertThat(q.options().get(2).label()).isEqualTo("none of these");
        assertThat(q.options().get(3).label()).isEqualTo("either is fine");
    }

    @Test
    void fallsBackToTheClauseWhenThereIsNoPivotTerm() {
        DecisionVariable v = new DecisionVariable("v1", List.of("where/and[1]"), "where", new int[] {0, 1},
                List.of("absent", "x > 3"), List.of("no such condition", "x > 3"), List.of("", "t.x x > 3"));
        PlannedQuestion q = QuestionWriter.write(v, new double[] {0.7, 0.3}, 0.88, 8);
        assertThat(q.text()).isEqualTo("For which rows to keep, do you mean no such condition or x > 3?");
        assertThat(q.expectedGain()).isEqualTo(0.88);
    }
}

package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DecisionVariableExtractorTest {

    private static SlotValue slot(String path, String value, String label, String... elements) {
        return new SlotValue(path, value, label, List.of(elements));
    }

    @Test
    void keepsSplittingPathsMergesThoseMovingTogetherAndMarksAbsent() {
        List<SlotValue> a = List.of(
                slot("select[0]", "hotels.name", "", "hotels.name"),
                slot("select[1]", "hotels.stars", "the hotels' star rating", "hotels.stars"),
                slot("from[0]", "hotels", "", "hotels"),
                slot("where/and[0]", "hotels.city = ?", "", "hotels.city"));
        List<SlotValue> b = List.of(
                slot("select[0]", "hotels.name", "", "hotels.name"),
                slot("select[1]", "AVG(reviews.score)", "average guest review score", "reviews.score"),
                slot("from[0]", "hotels", "", "hotels"),
                slot("join[1]/on", "reviews.hotel_id = hotels.id", "", "reviews.hotel_id", "hotels.id"),
                slot("where/and[0]", "hotels.city = ?", "", "hotels.city"),
                slot("group_by[0]", "hotels.name", "", "hotels.name"));
        List<SlotValue> c = List.of(
                slot("select[0]", "hotels.name", "", "hotels.name"),
                slot("select[1]", "hotels.stars", "the hotels' star rating", "hotels.stars"),
                slot("from[0]", "hotels", "", "hotels"),
                slot("where/and[0]", "hotels.city = ?", "", "hotels.city"),
                slot("where/and[1]/or[0]", "hotels.stars > 3", "", "hotels.stars"));
        List<DecisionVariable> vars = DecisionVariableExtractor.extract(List.of(a, b, c));
        assertThat(vars).hasSize(2);
        DecisionVariable rating = vars.get(0);
        // select[1], the join and the group-by always move together: one fork, asked once
        assertThat(rating.paths()).containsExactly("select[1]", "join[1]/on", "group_by[0]");
        assertThat(rating.clause()).isEqualTo("select");
        assertThat(rating.codes()).containsExactly(0, 1, 0);
        // plain noun phrases from the values, whatever parser-svc's label said
        assertThat(rating.valueLabels().get(0)).isEqualTo("the hotel's stars (hotels.stars)");
        assertThat(rating.valueLabels().get(1)).isEqualTo("the average review score (reviews.score)");
        assertThat(rating.valueTerms().get(1)).contains("reviews.hotel_id");
        DecisionVariable filter = vars.get(1);
        assertThat(filter.paths()).containsExactly("where/and[1]/or[0]");
        assertThat(filter.clause()).isEqualTo("where");
        assertThat(filter.valueKeys()).containsExactly(DecisionVariable.ABSENT, "hotels.stars > 3");
        assertThat(filter.valueLabels().get(0)).isEqualTo("no such condition");
        assertThat(filter.codes()).containsExactly(0, 0, 1);
    }

    @Test
    void identicalReadingsGiveNoVariable() {
        List<SlotValue> a = List.of(slot("select[0]", "x", ""));
        assertThat(DecisionVariableExtractor.extract(List.of(a, a))).isEmpty();
        assertThat(DecisionVariableExtractor.clauseOf("where/and[1]/or[0]")).isEqualTo("where");
        assertThat(DecisionVariableExtractor.clauseOf("limit")).isEqualTo("limit");
    }
}

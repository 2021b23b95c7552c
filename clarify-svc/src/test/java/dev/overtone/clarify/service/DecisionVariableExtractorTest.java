package dev.overtone.clarify.service;

import static dev.overtone.clarify.service.HotelRatingSlots.slot;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DecisionVariableExtractorTest {

    @Test
    void keepsSplittingPathsMergesThoseMovingTogetherAndMarksAbsent() {
        SlotValue inCity = slot("where/and[0]", "hotels.city = ?", "where city of hotels is ?", "hotels.city");
        List<SlotValue> a = HotelRatingSlots.stars(inCity);
        List<SlotValue> b = HotelRatingSlots.averageScore(inCity);
        List<SlotValue> c = HotelRatingSlots.stars(inCity,
                slot("where/and[1]/or[0]", "hotels.stars > 3", "where stars of hotels is greater than 3", "hotels.stars"));
        List<DecisionVariable> vars = DecisionVariableExtractor.extract(List.of(a, b, c));
        assertThat(vars).hasSize(2);
        DecisionVariable rating = vars.get(0);
        // select[1], the join and the group-by always move together: one fork, asked once
        assertThat(rating.paths()).containsExactly("select[1]", "join[1]", "join[1]/on", "group_by[0]", "group_by[1]");
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

    @Test
    void labelsAreBuiltOnlyWhenRead() {
        List<DecisionVariable> vars = DecisionVariableExtractor.extract(List.of(HotelRatingSlots.stars(), HotelRatingSlots.averageScore()));
        LazyLabels labels = (LazyLabels) vars.get(0).valueLabels();
        assertThat(labels.isBuilt()).isFalse();
        assertThat(labels).containsExactly("the hotel's stars (hotels.stars)", "the average review score (reviews.score)");
        assertThat(labels.isBuilt()).isTrue();
    }
}

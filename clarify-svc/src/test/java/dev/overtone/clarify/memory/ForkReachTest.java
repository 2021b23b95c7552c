package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.service.DecisionVariable;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** How far a remembered choice reaches: a word's meaning among schema elements, or the column shown, carries over; structure stays. */
class ForkReachTest {

    private static Choice choice(String clause, String pivot, String chosen, String... rejected) {
        return new Choice(UUID.randomUUID(), "demo", "hotels", clause, pivot, chosen, List.of(rejected), chosen,
                "Return the rating of each hotel.", Choice.Source.DIALOGUE, Instant.parse("2026-11-20T10:00:00Z"),
                Instant.parse("2027-05-19T10:00:00Z"));
    }

    @Test
    void theSameQuestionAsideFromCaseSpacingAndTheFinalMark() {
        Choice c = choice("where", "", DecisionVariable.ABSENT, "hotels.stars > 3");
        assertThat(ForkReach.ownQuestion(c, "return  the RATING of each hotel?")).isTrue();
        assertThat(ForkReach.ownQuestion(c, "Return the rating of every hotel.")).isFalse();
    }

    @Test
    void aWordsMeaningAmongSchemaElementsCarriesOver() {
        assertThat(ForkReach.carriesOver(choice("select", "rating", "AVG(reviews.score)", "hotels.stars"))).isTrue();
        assertThat(ForkReach.carriesOver(choice("from", "editor", "EditorSoftwarePrograms", "Editors"))).isTrue();
        // without a word, only the column a SELECT fork shows
        assertThat(ForkReach.carriesOver(choice("select", "", "airports.name", "airports.code"))).isTrue();
        assertThat(ForkReach.carriesOver(choice("order_by", "", "hotels.stars", "hotels.name"))).isFalse();
    }

    @Test
    void structureOrAnythingButSchemaElementsStaysWithItsQuestion() {
        // a condition or none, a condition's text, a literal, an expression: the question's grammar, not the tenant's words
        assertThat(ForkReach.carriesOver(choice("where", "stars", DecisionVariable.ABSENT, "hotels.stars > 3"))).isFalse();
        assertThat(ForkReach.carriesOver(choice("where", "good", "hotels.stars > 3", "hotels.stars > 4"))).isFalse();
        assertThat(ForkReach.carriesOver(choice("select", "rating", "hotels.stars", DecisionVariable.ABSENT))).isFalse();
        assertThat(ForkReach.carriesOver(choice("select", "rating", "hotels.stars * 2", "reviews.score"))).isFalse();
        assertThat(ForkReach.carriesOver(choice(Choice.READING, "", "SELECT name FROM hotels"))).isFalse();
    }
}

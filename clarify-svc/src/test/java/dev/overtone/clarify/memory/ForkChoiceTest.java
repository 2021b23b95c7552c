package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.service.DecisionVariable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A fork's choice as stored: a whole reading by its SQL as the memory keeps it, labelled by its text or else its SQL;
 * a variable's value by its first slot's key, with each other value turned down once and never the chosen one.
 */
class ForkChoiceTest {

    @Test
    void aReadingIsKeptByItsSqlAndLabelledByItsTextOrElseItsSql() {
        ForkChoice withText = ForkChoice.reading("SELECT name,  stars\n FROM hotels;", "the stars of each hotel");
        ForkChoice withoutText = ForkChoice.reading("SELECT name, stars FROM hotels", " ");

        assertThat(withText).isEqualTo(new ForkChoice(Choice.READING, "", "SELECT name, stars FROM hotels", List.of(),
                "the stars of each hotel"));
        assertThat(withoutText.chosenLabel()).isEqualTo("SELECT name, stars FROM hotels");
    }

    @Test
    void aValueIsKeptByItsFirstSlotAndEachOtherValueIsTurnedDownOnce() {
        // values 1 and 2 share their first slot (reviews.score), merged with another slot each
        DecisionVariable rating = new DecisionVariable("v0", List.of("select[1]", "join[0]"), "select", new int[] {0, 1, 2, 3},
                List.of("hotels.stars", "reviews.score ∧ reviews", "reviews.score ∧ ratings", "hotels.price"),
                List.of("stars", "score", "score (ratings)", "price"), List.of("", "", "", "")).withPivotTerm("rating");

        ForkChoice chosen = ForkChoice.of(rating, 0, List.of(0, 1, 2, 3, 1));

        assertThat(chosen).isEqualTo(new ForkChoice("select", "rating", "hotels.stars", List.of("reviews.score", "hotels.price"), "stars"));
    }
}

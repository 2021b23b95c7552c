package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.DecisionVariableExtractor;
import dev.overtone.clarify.service.SlotValue;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The columns a chosen reading showed beside a chosen column: remembered with it, and carried over only with it, to narrow
 * what it admits in another question to the readings that show them too.
 */
class ShownBesideTest {
    private static final String NAME = "hotels.name";
    private static final String SCORE = "AVG(reviews.score)";
    private static final String STARS = "hotels.stars";
    private static final String EARLIER = "List each hotel's name, rating and city";

    private static SlotValue slot(String path, String value) {
        return DecidedForksTest.column(path, value);
    }

    private static Choice stored(ForkChoice f, String question) {
        return new Choice(UUID.randomUUID(), "demo", "hotels", f.clause(), f.pivotTerm(), f.chosenValue(), f.rejectedValues(),
                f.chosenLabel(), question, Choice.Source.CALLER, Instant.parse("2026-11-20T10:00:00Z"), Instant.parse("2027-05-19T10:00:00Z"));
    }

    private static final ForkChoice RATING = new ForkChoice("select", "rating", SCORE, List.of(STARS), "the average review score");
    /** The earlier question's chosen reading: the name, the score and the city, every one of its readings showing the name. */
    private static final List<SlotValue> CHOSEN = List.of(slot("select[0]", NAME), slot("select[1]", SCORE), slot("select[2]", "hotels.city"),
            slot("from[0]", "hotels"), slot("where/and[0]", "hotels.stars > 3"));

    /** What Choose and a resolving dialogue remember beside {@link #RATING} in {@link #CHOSEN}. */
    private static final List<ForkChoice> BESIDE_RATING = ShownBeside.of(List.of(RATING), ShownBeside.outerColumns(CHOSEN));

    @Test
    void theColumnsAReadingShowsAreItsOuterSelectsOnesEachOnceAsForksKeyThem() {
        // its condition and table are not shown
        assertThat(ShownBeside.outerColumns(CHOSEN)).containsExactly(NAME, SCORE, "hotels.city");
        // a set operation shows each branch's columns; grouping and ordering by a column do not show it
        List<SlotValue> union = List.of(slot("set[0]/select[0]", NAME), slot("set[0]/select[1]", "AVG(reviews.score)  "),
                slot("set[0]/group_by[0]", "hotels.city"), slot("set[1]/select[0]", "  hotels.name"), slot("set[1]/select[1]", "COUNT(*)"),
                slot("order_by[0]", STARS));
        assertThat(ShownBeside.outerColumns(union)).containsExactly(NAME, SCORE, "COUNT(*)");
    }

    @Test
    void eachOtherSchemaColumnOfTheChosenReadingIsRememberedBesideAChosenColumnThatCarriesOver() {
        assertThat(BESIDE_RATING).containsExactly(
                new ForkChoice(Choice.SHOWN_BESIDE, "rating", NAME, List.of(SCORE), NAME),
                new ForkChoice(Choice.SHOWN_BESIDE, "rating", "hotels.city", List.of(SCORE), "hotels.city"));
        // a column that is no schema element (a count of rows) is no companion; the rejected value is none either
        assertThat(ShownBeside.of(List.of(RATING), List.of("COUNT(*)", STARS, SCORE, NAME))).containsExactly(BESIDE_RATING.get(0));
        // structure, or a column chosen over none, carries over to no other question: nothing beside it either
        assertThat(ShownBeside.of(List.of(new ForkChoice("where", "", DecisionVariable.ABSENT, List.of("hotels.stars > 3"), "none"),
                new ForkChoice("select", "rating", SCORE, List.of(DecisionVariable.ABSENT), "the score")), ShownBeside.outerColumns(CHOSEN))).isEmpty();
    }

    /** Another question's readings: the score, the name and the score, the stars, the name and the stars. */
    private static final List<List<SlotValue>> OTHER = List.of(
            List.of(slot("select[0]", SCORE), slot("from[0]", "hotels")),
            List.of(slot("select[0]", NAME), slot("select[1]", SCORE), slot("from[0]", "hotels")),
            List.of(slot("select[0]", STARS), slot("from[0]", "hotels")),
            List.of(slot("select[0]", NAME), slot("select[1]", STARS), slot("from[0]", "hotels")));

    private static List<Integer> agreeing(String question, List<Choice> choices) {
        List<DecisionVariable> forks = DecisionVariableExtractor.extract(OTHER).stream().map(v -> v.withPivotTerm("rating")).toList();
        List<Decision> decided = ChoiceMatcher.match(question, forks, List.of("q0", "q1", "q2", "q3"), TableReaders.tables(OTHER), choices,
                DecisionVariable::pivotTerm);
        return IntStream.range(0, OTHER.size()).filter(i -> ChoiceMatcher.consistent(i, forks, decided)).boxed().toList();
    }

    @Test
    void carriedOverWithItsColumnItKeepsTheReadingsThatShowItToo() {
        Choice rating = stored(RATING, EARLIER);
        Choice name = stored(BESIDE_RATING.get(0), EARLIER);
        Choice city = stored(BESIDE_RATING.get(1), EARLIER);
        String asked = "the best rating in Paris";

        assertThat(agreeing(asked, List.of(rating))).containsExactly(0, 1);
        assertThat(agreeing(asked, List.of(rating, name, city))).containsExactly(1); // no reading shows the city: passed over
        // never alone, and only beside its own companion: another question's, or another column
        assertThat(agreeing(asked, List.of(name))).containsExactly(0, 1, 2, 3);
        assertThat(agreeing(asked, List.of(rating, stored(BESIDE_RATING.get(0), "another question")))).containsExactly(0, 1);
        Choice besideStars = new Choice(UUID.randomUUID(), "demo", "hotels", Choice.SHOWN_BESIDE, "rating", NAME, List.of(STARS), NAME,
                EARLIER, Choice.Source.CALLER, rating.chosenAt(), rating.expiresAt());
        assertThat(agreeing(asked, List.of(rating, besideStars))).containsExactly(0, 1);
        // for its own question the choice is the person's answer as given: nothing narrows it
        assertThat(agreeing(EARLIER, List.of(rating, name))).isEqualTo(agreeing(EARLIER, List.of(rating))).containsExactly(0);
    }
}

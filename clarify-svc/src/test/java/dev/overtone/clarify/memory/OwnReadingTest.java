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
 * The repeat case found by comparing slots agrees with {@link ChoiceMatcher}'s first step, which extracts the forks:
 * the same choice, the same agreeing readings, and nothing where the matcher finds nothing.
 */
class OwnReadingTest {
    private static final String ASKED = "Return the rating of each hotel";

    private static SlotValue slot(String path, String value) {
        return new SlotValue(path, value, "shows " + value, List.of());
    }

    /** Stars, the review score, stars again with a condition, and stars written with other spacing (the same reading's slots). */
    private static final List<List<SlotValue>> SLOTS = List.of(
            List.of(slot("select[0]", "hotels.name"), slot("select[1]", "hotels.stars"), slot("from[0]", "hotels")),
            List.of(slot("select[0]", "hotels.name"), slot("select[1]", "AVG(reviews.score)"), slot("from[0]", "hotels"),
                    slot("join[1]", "JOIN reviews")),
            List.of(slot("select[0]", "hotels.name"), slot("select[1]", "hotels.stars"), slot("from[0]", "hotels"),
                    slot("where/and[0]", "hotels.stars > 3")),
            List.of(slot("select[0]", "hotels.name"), slot("select[1]", " hotels.stars "), slot("from[0]", "hotels")));
    private static final List<String> SQL = List.of("SELECT name, stars FROM hotels", "SELECT name, AVG(score) ...",
            "SELECT name, stars FROM hotels WHERE stars > 3", "SELECT name,  stars FROM hotels");

    private static Choice choice(String clause, String chosen, String question) {
        return new Choice(UUID.randomUUID(), "demo", "hotels", clause, "", chosen, List.of(), chosen, question,
                Choice.Source.DIALOGUE, Instant.parse("2026-11-20T10:00:00Z"), Instant.parse("2027-05-19T10:00:00Z"));
    }

    @Test
    void theChosenReadingAgreesWithTheReadingsOfTheSameSlotsAsTheMatcherDoes() {
        for (int chosen = 0; chosen < SQL.size(); chosen++) {
            Choice reading = choice(Choice.READING, SQL.get(chosen), ASKED);
            List<Choice> choices = List.of(choice("where", DecisionVariable.ABSENT, ASKED), reading);

            OwnReading.Match own = OwnReading.of("return the rating of each hotel?", SQL, SLOTS, choices);

            assertThat(own.choice()).isSameAs(reading);
            assertThat(own.consistent()).isEqualTo(matcherConsistent("return the rating of each hotel?", SQL, SLOTS, choices));
        }
        // the first and the fourth differ in spacing alone
        assertThat(OwnReading.of(ASKED, SQL, SLOTS, List.of(choice(Choice.READING, SQL.get(0), ASKED))).consistent()).containsExactly(0, 3);
    }

    @Test
    void noMatchForAnotherQuestionAReadingNoLongerGivenOrReadingsThatDoNotDiffer() {
        assertThat(OwnReading.of("Which hotels are best", SQL, SLOTS, List.of(choice(Choice.READING, SQL.get(1), ASKED)))).isNull();
        assertThat(OwnReading.of(ASKED, SQL, SLOTS, List.of(choice(Choice.READING, "SELECT 1", ASKED)))).isNull();
        assertThat(OwnReading.of(ASKED, SQL, SLOTS, List.of(choice("select", "hotels.stars", ASKED)))).isNull();
        List<List<SlotValue>> same = List.of(SLOTS.get(0), SLOTS.get(3));
        Choice first = choice(Choice.READING, SQL.get(0), ASKED);
        assertThat(OwnReading.of(ASKED, List.of(SQL.get(0), SQL.get(3)), same, List.of(first))).isNull();
        assertThat(ChoiceMatcher.match(ASKED, DecisionVariableExtractor.extract(same), List.of(SQL.get(0), SQL.get(3)), List.of(),
                List.of(first), DecisionVariable::pivotTerm)).isEmpty();
    }

    @Test
    void aReadingWithoutASlotAgreesOnlyWithOthersWithoutIt() {
        // "absent" written as a slot's text is still a slot: extraction keys both alike, so both agree
        List<List<SlotValue>> slots = List.of(List.of(slot("select[0]", "a")), List.of(slot("select[0]", "a"), slot("limit", "absent")),
                List.of(slot("select[0]", "b")));
        List<String> sql = List.of("q0", "q1", "q2");
        List<Choice> choices = List.of(choice(Choice.READING, "q0", ASKED));
        assertThat(OwnReading.of(ASKED, sql, slots, choices).consistent())
                .isEqualTo(matcherConsistent(ASKED, sql, slots, choices)).containsExactly(0, 1);
    }

    private static List<Integer> matcherConsistent(String question, List<String> sql, List<List<SlotValue>> slots, List<Choice> choices) {
        List<DecisionVariable> forks = DecisionVariableExtractor.extract(slots);
        List<Decision> decided = ChoiceMatcher.match(question, forks, sql, TableReaders.tables(slots), choices, DecisionVariable::pivotTerm);
        return IntStream.range(0, slots.size()).filter(i -> ChoiceMatcher.consistent(i, forks, decided)).boxed().toList();
    }
}

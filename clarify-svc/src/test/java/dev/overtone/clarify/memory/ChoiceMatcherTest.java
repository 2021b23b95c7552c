package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.DecisionVariableExtractor;
import dev.overtone.clarify.service.SlotValue;
import java.time.Instant;
import java.util.List;
import java.util.Set;
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
    private static List<List<SlotValue>> hotelSlots() {
        List<SlotValue> stars = List.of(slot("select[0]", "hotels.name", "hotels.name"), slot("select[1]", STARS, STARS),
                slot("from[0]", "hotels", "hotels"));
        List<SlotValue> score = List.of(slot("select[0]", "hotels.name", "hotels.name"), slot("select[1]", SCORE, "reviews.score"),
                slot("from[0]", "hotels", "hotels"), slot("join[1]", "JOIN reviews", "reviews"),
                slot("join[1]/on", "reviews.hotel_id = hotels.id", "reviews.hotel_id", "hotels.id"),
                slot("group_by[0]", "hotels.name", "hotels.name"));
        List<SlotValue> goodStars = List.of(slot("select[0]", "hotels.name", "hotels.name"), slot("select[1]", STARS, STARS),
                slot("from[0]", "hotels", "hotels"), slot("where/and[0]", "hotels.stars > 3", STARS));
        return List.of(stars, score, goodStars);
    }

    private static List<DecisionVariable> hotelForks() {
        // the pivot terms clarify-svc finds with the model (PivotTermTest): 'rating' for the column, none for the condition
        return DecisionVariableExtractor.extract(hotelSlots()).stream()
                .map(v -> v.withPivotTerm(v.clause().equals("select") ? "rating" : "")).toList();
    }

    private static final String ASKED = "Return the rating of each hotel";

    /** A choice made when {@link #ASKED} was asked. */
    private static Choice choice(String clause, String pivot, String chosen, String... rejected) {
        return new Choice(UUID.randomUUID(), "demo", "hotels", clause, pivot, chosen, List.of(rejected), chosen, ASKED,
                Choice.Source.DIALOGUE, Instant.parse("2026-11-20T10:00:00Z"), Instant.parse("2027-05-19T10:00:00Z"));
    }

    /** The SQL of {@link #hotelForks()}'s readings, in their order. */
    private static final List<String> HOTEL_SQL = List.of("SELECT name, stars FROM hotels",
            "SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name",
            "SELECT name, stars FROM hotels WHERE stars > 3");

    private static List<Decision> match(String question, Choice... choices) {
        return ChoiceMatcher.match(question, hotelForks(), HOTEL_SQL, TableReaders.tables(hotelSlots()), List.of(choices), DecisionVariable::pivotTerm);
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
        // without the word, a choice of the column the answer shows: the same columns offered again are the same choice
        assertThat(match("Which hotels have the best rating", choice("select", "", SCORE, STARS))).hasSize(1);
        // not so a choice of condition without a word
        assertThat(match("Which hotels have the best rating", choice("where", "", "hotels.stars > 3", DecisionVariable.ABSENT))).isEmpty();
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
        // the score and the condition on stars never come together: the newer choice (listed first) keeps its fork
        List<Decision> decided = match("Return the rating of each hotel",
                choice("select", "rating", SCORE, STARS), choice("where", "", "hotels.stars > 3", DecisionVariable.ABSENT));
        assertThat(decided).extracting(d -> d.choice().clause()).containsExactly("select");
    }

    @Test
    void aChoiceDecidesOnlyTheForkItWasMadeAt() {
        // "the name and the title" as name, title / name alone / every column / title alone; the person chose no second
        // column (name alone), a fork whose values are "title" and "absent": the first column's fork has them too
        // (SELECT * has no first column, the fourth reading's is the title), and must not be decided by it
        List<List<SlotValue>> readings = List.of(
                List.of(slot("select[0]", "staff.name", "staff.name"), slot("select[1]", "staff.title", "staff.title")),
                List.of(slot("select[0]", "staff.name", "staff.name")),
                List.of(),
                List.of(slot("select[0]", "staff.title", "staff.title")));
        List<DecisionVariable> forks = DecisionVariableExtractor.extract(readings);
        Choice noSecond = new Choice(UUID.randomUUID(), "demo", "staff", "select", "", DecisionVariable.ABSENT, List.of("staff.title"),
                "no such column", "the name and the title", Choice.Source.DIALOGUE, Instant.parse("2026-11-20T10:00:00Z"),
                Instant.parse("2027-05-19T10:00:00Z"));

        List<Decision> decided = ChoiceMatcher.match("the name and the title", forks,
                List.of("SELECT name, title FROM staff", "SELECT name FROM staff", "SELECT * FROM staff", "SELECT title FROM staff"),
                TableReaders.tables(readings), List.of(noSecond), DecisionVariable::pivotTerm);

        assertThat(decided).hasSize(1);
        assertThat(forks.get(decided.get(0).variable()).paths()).contains("select[1]");
        assertThat(List.of(0, 1, 2, 3)).filteredOn(i -> ChoiceMatcher.consistent(i, forks, decided)).containsExactly(1, 2, 3);
    }

    @Test
    void theReadingChosenForAQuestionDecidesEveryForkOfThatQuestionAlone() {
        // the person was asked about the condition only; the reading they were given is the one asked again for
        Choice reading = choice(Choice.READING, "", HOTEL_SQL.get(2));
        Choice noCondition = choice("where", "", DecisionVariable.ABSENT, "hotels.stars > 3");
        List<DecisionVariable> forks = hotelForks();

        List<Decision> decided = match("Return  the rating of each hotel?", noCondition, reading);

        assertThat(decided).isNotEmpty().allSatisfy(d -> assertThat(d.choice()).isSameAs(reading));
        assertThat(List.of(0, 1, 2)).filteredOn(i -> ChoiceMatcher.consistent(i, forks, decided)).containsExactly(2);
        // another question, or a reading no longer among those given: the forks' choices as before
        assertThat(match("Which hotels have the best rating", reading)).isEmpty();
        Choice gone = choice(Choice.READING, "", "SELECT name FROM hotels");
        assertThat(match(ASKED, gone, noCondition)).extracting(d -> d.choice()).containsExactly(noCondition);
    }

    @Test
    void carriedOverAWordsMeaningLeavesAReadingWithoutThatElementAlone() {
        // the stars, the score, or no second column at all; "rating" was read as the score in another question
        List<List<SlotValue>> slots = List.of(
                List.of(slot("select[0]", "hotels.name", "hotels.name"), slot("select[1]", STARS, STARS)),
                List.of(slot("select[0]", "hotels.name", "hotels.name"), slot("select[1]", SCORE, "reviews.score")),
                List.of(slot("select[0]", "hotels.name", "hotels.name")));
        List<DecisionVariable> forks = DecisionVariableExtractor.extract(slots).stream().map(v -> v.withPivotTerm("rating")).toList();
        Choice score = choice("select", "rating", SCORE, STARS);
        List<String> sql = List.of("SELECT name, stars FROM hotels", "SELECT name, score FROM hotels", "SELECT name FROM hotels");

        List<Decision> carried = ChoiceMatcher.match("list the best rating first", forks, sql, TableReaders.tables(slots), List.of(score), DecisionVariable::pivotTerm);
        List<Decision> own = ChoiceMatcher.match(ASKED, forks, sql, TableReaders.tables(slots), List.of(score), DecisionVariable::pivotTerm);

        assertThat(List.of(0, 1, 2)).filteredOn(i -> ChoiceMatcher.consistent(i, forks, carried)).containsExactly(1, 2);
        // for its own question the person chose the score over the rest, no second column included
        assertThat(List.of(0, 1, 2)).filteredOn(i -> ChoiceMatcher.consistent(i, forks, own)).containsExactly(1);
    }

    @Test
    void nothingRememberedNothingApplied() {
        assertThat(match("Return the rating of each hotel")).isEmpty();
        assertThat(ChoiceMatcher.match("q", List.of(), List.of(), List.of(), List.of(choice("select", "", SCORE, STARS)), BY_WORDS)).isEmpty();
    }

    @Test
    void carriedOverAWordReadAsATableAgreesWithEveryReadingThatReadsIt() {
        // which table comes first in FROM: the link table, or the editors joined to it; the fourth reads no link table
        List<String> sql = List.of(
                "SELECT E.full_name FROM Editors E JOIN EditorSoftwarePrograms ESP ON E.editor_id = ESP.editor_id",
                "SELECT Editors.full_name FROM EditorSoftwarePrograms JOIN Editors ON EditorSoftwarePrograms.editor_id = Editors.editor_id",
                "SELECT Software_Programs.name FROM EditorSoftwarePrograms JOIN Software_Programs ON software_program_id = program_id",
                "SELECT full_name FROM Editors WHERE full_name <> 'EditorSoftwarePrograms'");
        List<List<SlotValue>> slots = List.of(
                List.of(slot("select[0]", "Editors.full_name", "Editors.full_name"), slot("from[0]", "Editors", "Editors"),
                        slot("join[1]", "JOIN EditorSoftwarePrograms", "EditorSoftwarePrograms")),
                List.of(slot("select[0]", "Editors.full_name", "Editors.full_name"), slot("from[0]", "EditorSoftwarePrograms", "EditorSoftwarePrograms"),
                        slot("join[1]", "JOIN Editors", "Editors")),
                List.of(slot("select[0]", "Software_Programs.name", "Software_Programs.name"),
                        slot("from[0]", "EditorSoftwarePrograms", "EditorSoftwarePrograms"), slot("join[1]", "JOIN Software_Programs", "Software_Programs")),
                List.of(slot("select[0]", "Editors.full_name", "Editors.full_name"), slot("from[0]", "Editors", "Editors"),
                        slot("where/and[0]", "Editors.full_name <> 'EditorSoftwarePrograms'", "Editors.full_name")));
        List<DecisionVariable> four = editorForks(slots);
        List<DecisionVariable> three = editorForks(slots.subList(0, 3));
        List<Set<String>> tables = TableReaders.tables(slots);
        List<Choice> link = List.of(choice("from", "editor", "EditorSoftwarePrograms", "Editors"));

        List<Decision> decided = ChoiceMatcher.match("the programs of each editor", four, sql, tables, link, DecisionVariable::pivotTerm);

        // the first three read the link table (a name in quotes is no table): the fourth alone disagrees
        assertThat(List.of(0, 1, 2, 3)).filteredOn(i -> ChoiceMatcher.consistent(i, four, decided)).containsExactly(0, 1, 2);
        // where every reading reads it, they differ in the order of FROM only: nothing is decided
        assertThat(ChoiceMatcher.match("the programs of each editor", three, sql.subList(0, 3), tables.subList(0, 3), link,
                DecisionVariable::pivotTerm)).isEmpty();
        // for its own question the fork is decided as it was chosen
        assertThat(ChoiceMatcher.match(ASKED, three, sql.subList(0, 3), tables.subList(0, 3), link, DecisionVariable::pivotTerm)).hasSize(1);
    }

    private static List<DecisionVariable> editorForks(List<List<SlotValue>> slots) {
        return DecisionVariableExtractor.extract(slots).stream().map(v -> v.withPivotTerm(v.clause().equals("from") ? "editor" : "")).toList();
    }
}

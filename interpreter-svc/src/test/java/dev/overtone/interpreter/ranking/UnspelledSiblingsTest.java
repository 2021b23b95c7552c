package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.proto.v1.Schema;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static dev.overtone.interpreter.ranking.CommuteReadings.BOTH;
import static dev.overtone.interpreter.ranking.CommuteReadings.MEAN;
import static dev.overtone.interpreter.ranking.CommuteReadings.MEDIAN;
import static dev.overtone.interpreter.ranking.CommuteReadings.NEIGHBORHOOD;
import static dev.overtone.interpreter.ranking.RankingFixtures.projecting;
import static dev.overtone.interpreter.ranking.RankingFixtures.table;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A word several columns the readings disagree on fit, none spelled in full, on the shapes of two Ambrosia* dev schemas:
 * a table with a mean and a median of one measure, and one with survival rates written with number words in camelCase.
 */
class UnspelledSiblingsTest {
    private static final Schema SCHEMA = Schema.newBuilder()
            .addTables(NEIGHBORHOOD)
            .addTables(table("Illnesses", "illnessID", "name", "fiveYearSurvivalRate", "tenYearSurvivalRate"))
            .build();

    @Test
    void aWordTwoContestedColumnsFitLeavesOpenWhich() {
        assertThat(of("List the neighborhoods and their commute time.", MEAN, MEDIAN, BOTH)).isEqualTo(1.0);
    }

    @Test
    void spellingOneOfThemInFullDecides() {
        assertThat(of("List the neighborhoods and their mean commute time.", MEAN, MEDIAN, BOTH)).isZero();
        assertThat(of("List the neighborhoods and their mean and median commute time.", MEAN, MEDIAN, BOTH)).isZero();
    }

    @Test
    void onlyColumnsTheReadingsDisagreeOnCount() {
        // both readings project both columns; they differ in nothing the word fits
        assertThat(of("List the neighborhoods and their commute time.", BOTH, Set.of("neighborhood", "population",
                "mean_commute_time", "median_commute_time"))).isZero();
        assertThat(of("List the neighborhoods and their commute time.", MEAN)).isZero();
    }

    @Test
    void aNumberInDigitsSpellsTheNumberWordOfAName() {
        Set<String> five = Set.of("illnesses", "fiveyearsurvivalrate");
        Set<String> ten = Set.of("illnesses", "tenyearsurvivalrate");

        assertThat(of("What is the 5 year survival rate of each illness?", five, ten)).isZero();
        assertThat(of("What are the survival statistics of each illness?", five, ten)).isEqualTo(1.0);
        assertThat(UnspelledSiblings.spelledWords("the 10 year rates")).contains("ten", "year", "rate");
    }

    @Test
    void everyReadingCarriesItAsQuestionLevelEvidence() {
        String question = "List the neighborhoods and their commute time.";
        List<EvidenceExtractor.Candidate> readings = List.of(projecting("Neighborhood", "name", "mean_commute_time"),
                projecting("Neighborhood", "name", "median_commute_time"));

        assertThat(EvidenceExtractor.extract(question, SCHEMA, QuestionTerms.of(question, SCHEMA), readings))
                .allSatisfy(r -> assertThat(r.get(Feature.QUESTION_UNSPELLED_SIBLINGS)).isEqualTo(1.0));
        String stated = "List the neighborhoods and their median commute time.";
        assertThat(EvidenceExtractor.extract(stated, SCHEMA, QuestionTerms.of(stated, SCHEMA), readings))
                .allSatisfy(r -> assertThat(r.get(Feature.QUESTION_UNSPELLED_SIBLINGS)).isZero());
    }

    @SafeVarargs
    private static double of(String question, Set<String>... readingsNames) {
        Set<String> terms = new java.util.HashSet<>();
        QuestionTerms.of(question, SCHEMA).stream().filter(QuestionTerms.Term::grounded)
                .forEach(t -> terms.add(QuestionTerms.stem(t.text())));
        return UnspelledSiblings.of(question, SCHEMA, terms, List.of(readingsNames));
    }
}

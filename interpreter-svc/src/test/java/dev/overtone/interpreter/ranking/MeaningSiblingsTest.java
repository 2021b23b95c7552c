package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.proto.v1.Schema;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.overtone.interpreter.ranking.RankingFixtures.projecting;
import static dev.overtone.interpreter.ranking.RankingFixtures.table;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One question phrase that several contested shown columns, none spelled in full, fit best in meaning, on the shapes of
 * two Ambrosia* dev schemas: airports with a latitude and a longitude, illnesses with survival rates in number words.
 * The closest phrases are given by hand (what MiniLM answers for them is {@link NameMeaningTest}'s concern).
 */
class MeaningSiblingsTest {
    private static final Schema SCHEMA = Schema.newBuilder()
            .addTables(table("Airports", "id", "Name", "Latitude", "Longitude", "Website"))
            .addTables(table("Illnesses", "illnessID", "name", "fiveYearSurvivalRate", "tenYearSurvivalRate"))
            .build();
    private static final NameFit CLOSEST = closest(Map.of("latitude", "locations", "longitude", "locations",
            "website", "websites", "fiveyearsurvivalrate", "survival rate", "tenyearsurvivalrate", "survival rate"));

    @Test
    void onePhraseTwoUnnamedContestedColumnsFitLeavesOpenWhich() {
        assertThat(of("List all airports, their names and locations.",
                Set.of("name", "latitude"), Set.of("name", "longitude"))).isEqualTo(1.0);
    }

    @Test
    void columnsThatFitDifferentPhrasesDoNotFork() {
        assertThat(of("List all airports, their locations and websites.",
                Set.of("latitude"), Set.of("website"))).isZero();
    }

    @Test
    void spellingOneInFullDecides() {
        assertThat(of("What is the 5 year survival rate of each illness?",
                Set.of("fiveyearsurvivalrate"), Set.of("tenyearsurvivalrate"))).isZero();
        assertThat(of("What is the survival rate of each illness?",
                Set.of("fiveyearsurvivalrate"), Set.of("tenyearsurvivalrate"))).isEqualTo(1.0);
    }

    @Test
    void onlyColumnsTheReadingsDisagreeOnCount() {
        Set<String> both = Set.of("latitude", "longitude");
        assertThat(of("List all airports and their locations.", both, Set.of("name", "latitude", "longitude"))).isZero();
        assertThat(of("List all airports and their locations.", both)).isZero();
    }

    @Test
    void aReadingThatShowsNoColumnIsNotJudgedAndWithoutMeaningNothingForks() {
        assertThat(of("List all airports and their locations.", Set.of("latitude"), Set.of())).isZero();
        assertThat(MeaningSiblings.of("List all airports and their locations.", SCHEMA,
                List.of(Set.of("latitude"), Set.of("longitude")), NameMeaning.NONE)).isZero();
    }

    @Test
    void everyReadingCarriesItAsQuestionLevelEvidence() {
        String question = "List all airports and their locations.";
        List<EvidenceExtractor.Candidate> readings = List.of(projecting("Airports", "Name", "Latitude"),
                projecting("Airports", "Name", "Longitude"));

        assertThat(EvidenceExtractor.extract(question, SCHEMA, QuestionTerms.of(question, SCHEMA), readings, CLOSEST))
                .allSatisfy(r -> assertThat(r.get(Feature.QUESTION_MEANING_SIBLINGS)).isEqualTo(1.0));
        String stated = "List all airports and their latitude.";
        assertThat(EvidenceExtractor.extract(stated, SCHEMA, QuestionTerms.of(stated, SCHEMA), readings, CLOSEST))
                .allSatisfy(r -> assertThat(r.get(Feature.QUESTION_MEANING_SIBLINGS)).isZero());
    }

    @SafeVarargs
    private static double of(String question, Set<String>... projected) {
        return MeaningSiblings.of(question, SCHEMA, List.of(projected), CLOSEST);
    }

    private static NameFit closest(Map<String, String> phrases) {
        return new NameFit() {
            @Override
            public double applyAsDouble(String name) {
                return phrases.containsKey(name) ? 1.0 : 0.0;
            }

            @Override
            public String closestPhrase(String name) {
                return phrases.get(name);
            }
        };
    }
}

package dev.overtone.interpreter.ranking;

import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.TableUse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Set;

import static dev.overtone.interpreter.ranking.RankingFixtures.SCHEMA;
import static dev.overtone.interpreter.ranking.RankingFixtures.evidence;
import static dev.overtone.interpreter.ranking.RankingFixtures.oneRowOf;
import static org.assertj.core.api.Assertions.assertThat;

/** An inner "each"/"every" over a many-to-many, on the demo schema as executor-svc describes it (hotel_amenities links two tables). */
class LinkQuantifierTest {
    private static final Set<String> THROUGH_THE_LINK = Set.of("hotels", "hotel_amenities", "amenities", "name");
    private static final Set<String> ONE_TO_MANY = Set.of("hotels", "reviews", "name", "guest");

    @Test
    void aLinkTableIsOneWhoseForeignKeysReachTwoOtherTables() {
        // reviews and rooms reference hotels only, bookings rooms only
        assertThat(LinkQuantifier.linkTables(SCHEMA)).containsExactly("hotel_amenities");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            Show me the amenities each hotel has.     | true
            Which amenities does every hotel offer?   | true
            For each hotel, list its amenities.       | false
            List all amenities of the hotels.         | false
            # the object of a verb of asking: each one listed, nothing left open
            List each hotel's name and its amenities. | false
            Everyone's favourite hotels               | false
            """)
    void anInnerEachOrEveryLeavesTheScopeOpenAFrontedOneStatesIt(String question, boolean open) {
        assertThat(LinkQuantifier.innerQuantifier(question)).isEqualTo(open);
    }

    @Test
    void itCountsOnlyWhenAReadingGoesThroughTheLink() {
        String question = "Show me the amenities each hotel has.";

        assertThat(LinkQuantifier.of(question, SCHEMA, List.of(ONE_TO_MANY, THROUGH_THE_LINK))).isEqualTo(1.0);
        assertThat(LinkQuantifier.of(question, SCHEMA, List.of(ONE_TO_MANY))).isZero();
        assertThat(LinkQuantifier.of("For each hotel, show me its amenities.", SCHEMA, List.of(THROUGH_THE_LINK))).isZero();
    }

    @Test
    void everyReadingCarriesItAsQuestionLevelEvidence() {
        List<EvidenceExtractor.Candidate> readings = List.of(usingTables(oneRowOf("name"), "hotels", "reviews"),
                usingTables(oneRowOf("name", "name"), "hotels", "hotel_amenities", "amenities"));

        assertThat(evidence("Show me the amenities each hotel has.", readings))
                .allSatisfy(r -> assertThat(r.get(Feature.QUESTION_LINK_QUANTIFIER)).isEqualTo(1.0));
        assertThat(evidence("For each hotel, show me the amenities it has.", readings))
                .allSatisfy(r -> assertThat(r.get(Feature.QUESTION_LINK_QUANTIFIER)).isZero());
        assertThat(evidence("Show me the reviews each hotel has.", readings.subList(0, 1)))
                .allSatisfy(r -> assertThat(r.get(Feature.QUESTION_LINK_QUANTIFIER)).isZero());
    }

    /** A reading whose analysis names these tables, one FROM slot each (what the link evidence reads of it). */
    private static EvidenceExtractor.Candidate usingTables(ExecuteResponse result, String... tables) {
        SqlAnalysis.Builder a = SqlAnalysis.newBuilder();
        for (int i = 0; i < tables.length; i++) {
            a.addTables(TableUse.newBuilder().setName(tables[i]));
            a.addSlots(Slot.newBuilder().setPath("from[" + i + "]").setValue(tables[i]));
        }
        return new EvidenceExtractor.Candidate(List.of(Source.SOURCE_CALLER), result, a.build());
    }
}

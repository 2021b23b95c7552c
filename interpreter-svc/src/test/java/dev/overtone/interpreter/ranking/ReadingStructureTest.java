package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.fake.Hotels;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What the ranking reads off parser-svc's analysis of a reading's SQL, and what it has without one. */
class ReadingStructureTest {
    private static final String JOINED = "SELECT h.name FROM hotels h JOIN reviews r ON r.hotel_id = h.id WHERE r.guest = 'O''Hara'";

    @Test
    void namesLiteralsAndJoinsComeFromTheSlotsWithAliasesResolved() {
        ReadingStructure s = ReadingStructure.of(RecordedAnalyses.of(JOINED));

        // h and r are aliases, not names: the analysis resolved them to their tables
        assertThat(s.names()).containsExactlyInAnyOrder("hotels", "name", "reviews", "hotel_id", "id", "guest");
        assertThat(s.literals()).containsExactly("O'Hara");
        assertThat(s.joins()).isEqualTo(1);
        assertThat(s.breadth()).isEqualTo(ConditionBreadth.NONE);
    }

    @Test
    void theNamesASubqueryUsesCountThoughOnlyTheOuterQueryHasSlots() {
        ReadingStructure s = ReadingStructure.of(RecordedAnalyses.of(
                "SELECT name FROM hotels WHERE id IN (SELECT hotel_id FROM reviews WHERE score > 8)"));

        assertThat(s.names()).contains("hotels", "name", "id", "reviews", "hotel_id", "score");
    }

    @Test
    void thePartsAreTheSlotsValuesSoTheSameQuerySpelledTwoWaysHasTheSameParts() {
        ReadingStructure plain = ReadingStructure.of(RecordedAnalyses.of(Hotels.STARS));
        ReadingStructure wider = ReadingStructure.of(RecordedAnalyses.of(RankingFixtures.STARS_AND_CITY));

        assertThat(plain.parts()).containsExactlyInAnyOrder("hotels.name", "hotels.stars", "hotels");
        assertThat(wider.parts()).containsAll(plain.parts()).hasSize(4);
        assertThat(plain.joins()).isZero();
        assertThat(plain.literals()).isEmpty();
    }

    @Test
    void theProjectedColumnsAreTheSelectItemsOfTheOuterQueryAliasesResolved() {
        assertThat(ReadingStructure.of(RecordedAnalyses.of(Hotels.STARS)).projected()).containsExactlyInAnyOrder("name", "stars");
        assertThat(ReadingStructure.of(RecordedAnalyses.of(Hotels.SCORE)).projected()).containsExactlyInAnyOrder("name", "score");
        // the subquery's hotel_id is not shown
        assertThat(ReadingStructure.of(RecordedAnalyses.of(
                "SELECT name FROM hotels WHERE id IN (SELECT hotel_id FROM reviews WHERE score > 8)")).projected())
                .containsExactly("name");
    }

    @Test
    void aReadingNothingAnalysedHasNoStructure() {
        assertThat(ReadingStructure.of(null)).isEqualTo(ReadingStructure.UNANALYSED);
        assertThat(ReadingStructure.UNANALYSED.names()).isEmpty();
        assertThat(ReadingStructure.UNANALYSED.breadth()).isEqualTo(ConditionBreadth.NONE);
    }

    @Test
    void aStringLiteralIsReadWithItsDoubledQuotes() {
        assertThat(ReadingStructure.stringLiterals("reviews.guest = 'O''Hara' OR reviews.guest LIKE '%''s'"))
                .containsExactly("O'Hara", "%'s");
        assertThat(ReadingStructure.stringLiterals("hotels.stars = 5")).isEmpty();
    }
}

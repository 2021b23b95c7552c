package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ColumnUse;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SlotKind;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.TableUse;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.overtone.interpreter.ranking.RankingFixtures.NULLS;
import static dev.overtone.interpreter.ranking.RankingFixtures.STARS_AND_CITY;
import static dev.overtone.interpreter.ranking.RankingFixtures.STARS_ON_BOTH;
import static dev.overtone.interpreter.ranking.RankingFixtures.evidence;
import static dev.overtone.interpreter.ranking.RankingFixtures.executed;
import static dev.overtone.interpreter.ranking.RankingFixtures.model;
import static dev.overtone.interpreter.ranking.RankingFixtures.oneRowOf;
import static dev.overtone.interpreter.ranking.RankingFixtures.reading;
import static dev.overtone.interpreter.ranking.RankingFixtures.result;
import static dev.overtone.interpreter.ranking.RankingFixtures.withCut;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Whether a reading shows only what the question's words ask for: on parser-svc's recorded analyses of the demo hotel
 * schema, and on the shape of an Ambrosia* dev schema (a ballet with its choreographer and musician) whose unambiguous
 * questions were flagged because another reading added a column no word asks for.
 */
class ProjectionReferredTest {
    private static final Schema BALLETS = Schema.newBuilder().addTables(Table.newBuilder().setName("Ballets")
            .addColumns(Column.newBuilder().setName("id")).addColumns(Column.newBuilder().setName("name"))
            .addColumns(Column.newBuilder().setName("choreographer")).addColumns(Column.newBuilder().setName("musician"))).build();

    @Test
    void everyProjectedColumnTheQuestionNamesIsReferred() {
        List<ReadingEvidence> e = evidence("show the name and stars of each hotel",
                List.of(executed(Hotels.STARS, Source.SOURCE_CALLER), reading(STARS_AND_CITY, oneRowOf("name", "stars", "city"), Source.SOURCE_CALLER)));

        assertThat(e.get(0).get(Feature.PROJECTION_REFERRED)).isEqualTo(1.0);
        // city: no word of the question asks for it
        assertThat(e.get(1).get(Feature.PROJECTION_REFERRED)).isZero();
    }

    @Test
    void anAggregatedColumnCountsWithItsAliasResolved() {
        List<ReadingEvidence> e = evidence("show each hotel's name and its review score",
                List.of(executed(Hotels.SCORE, Source.SOURCE_CALLER), executed(Hotels.STARS, Source.SOURCE_CALLER)));

        assertThat(e.get(0).get(Feature.PROJECTION_REFERRED)).isEqualTo(1.0);
        assertThat(e.get(1).get(Feature.PROJECTION_REFERRED)).isZero();
    }

    @Test
    void aReadingThatShowsNoColumnOrCombinesBranchesIsNotJudged() {
        List<ReadingEvidence> e = evidence("show the guests of the five star hotels in Lyon", List.of(
                reading(STARS_ON_BOTH, result("guest", "Ann"), Source.SOURCE_CALLER),
                reading(NULLS, result("NULL", (String) null), Source.SOURCE_CALLER),
                reading("SELECT guest FROM reviews WHERE guest = 'Nobody'", result("guest"), Source.SOURCE_CALLER)));

        // the UNION shows guest, which the question names, but a set operation's columns are not read
        assertThat(e.get(0).get(Feature.PROJECTION_REFERRED)).isZero();
        assertThat(e.get(1).get(Feature.PROJECTION_REFERRED)).isZero();
        assertThat(e.get(2).get(Feature.PROJECTION_REFERRED)).isEqualTo(1.0);
        assertThat(ReadingStructure.of(RecordedAnalyses.of(STARS_ON_BOTH)).projected()).isEmpty();
        assertThat(ReadingStructure.of(null).projected()).isEmpty();
    }

    @Test
    void aColumnOnlyAnotherReadingAddsIsWhatTheQuestionDidNotAskFor() {
        List<EvidenceExtractor.Candidate> readings = List.of(ballet("choreographer"), ballet("choreographer", "musician"));

        List<ReadingEvidence> one = extract("Which choreographer created Giselle?", readings);
        assertThat(one.get(0).get(Feature.PROJECTION_REFERRED)).isEqualTo(1.0);
        assertThat(one.get(1).get(Feature.PROJECTION_REFERRED)).isZero();

        List<ReadingEvidence> both = extract("Which choreographer and musician created Giselle?", readings);
        assertThat(both.get(1).get(Feature.PROJECTION_REFERRED)).isEqualTo(1.0);
        // "who" names neither column
        assertThat(extract("Who created Giselle?", readings))
                .allSatisfy(r -> assertThat(r.get(Feature.PROJECTION_REFERRED)).isZero());
    }

    @Test
    void theVerdictReadsTheFirstReadingsValue() {
        List<ReadingEvidence> e = extract("Which choreographer created Giselle?",
                List.of(ballet("choreographer"), ballet("choreographer", "musician")));
        ReadingRanker.Model base = model(0.0, 1.0, 0.5);
        RankedAnswer weighed = new ReadingRanker(withCut(base,
                new ReadingRanker.Verdict(0.0, Map.of(VerdictFeature.TOP_PROJECTION_REFERRED, -2.0), 0.5), base.cut())).rank(e);

        double first = e.get(weighed.order().get(0)).get(Feature.PROJECTION_REFERRED);
        assertThat(weighed.ambiguityProbability()).isCloseTo(ReadingRanker.sigmoid(-2.0 * first), within(1e-12));
        assertThat(ReadingRanker.verdictFeatures(e, List.of(1, 0), List.of(0.5, 0.5), List.of(0.5, 0.5))
                .get(VerdictFeature.TOP_PROJECTION_REFERRED)).isZero();
        assertThat(ReadingRanker.verdictFeatures(e, List.of(0, 1), List.of(0.5, 0.5), List.of(0.5, 0.5))
                .get(VerdictFeature.TOP_PROJECTION_REFERRED)).isEqualTo(1.0);
    }

    private static List<ReadingEvidence> extract(String question, List<EvidenceExtractor.Candidate> readings) {
        return EvidenceExtractor.extract(question, BALLETS, QuestionTerms.of(question, BALLETS), readings);
    }

    /** A reading of "SELECT columns FROM Ballets WHERE name = 'Giselle'" with the slots parser-svc gives it. */
    private static EvidenceExtractor.Candidate ballet(String... columns) {
        SqlAnalysis.Builder a = SqlAnalysis.newBuilder().addTables(TableUse.newBuilder().setName("Ballets"));
        for (int i = 0; i < columns.length; i++) {
            a.addColumns(ColumnUse.newBuilder().setTable("Ballets").setColumn(columns[i]).addClauses("select"));
            a.addSlots(Slot.newBuilder().setPath("select[" + i + "]").setKind(SlotKind.SLOT_KIND_SELECT_ITEM)
                    .setValue("Ballets." + columns[i]).addSchemaElements("Ballets." + columns[i]));
        }
        a.addColumns(ColumnUse.newBuilder().setTable("Ballets").setColumn("name").addClauses("where"));
        a.addSlots(Slot.newBuilder().setPath("from[0]").setKind(SlotKind.SLOT_KIND_FROM).setValue("Ballets")
                .addSchemaElements("Ballets"));
        a.addSlots(Slot.newBuilder().setPath("where").setKind(SlotKind.SLOT_KIND_WHERE)
                .setValue("Ballets.name = 'Giselle'").addSchemaElements("Ballets.name"));
        return new EvidenceExtractor.Candidate(List.of(Source.SOURCE_CALLER), oneRowOf(columns), a.build());
    }
}

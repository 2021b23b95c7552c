package dev.overtone.interpreter.ranking;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ColumnUse;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SlotKind;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.TableUse;
import dev.overtone.proto.v1.ValueType;

import java.util.List;
import java.util.Map;

/** The demo hotel schema, its readings with results shaped as executor-svc returns them, and small models. */
final class RankingFixtures {
    static final Schema SCHEMA = Hotels.schema("demo", "hotels");
    static final String STARS_AND_CITY = "SELECT name, stars, city FROM hotels";
    static final String GUESTS = "SELECT guest FROM reviews WHERE guest = 'Nobody'";
    static final String NULLS = "SELECT NULL FROM hotels";
    /** Guests of five-star hotels and of hotels in Lyon: the star condition on every branch, or on the first only. */
    static final String STARS_ON_BOTH = "SELECT guest FROM reviews JOIN hotels ON hotels.id = reviews.hotel_id WHERE hotels.stars = 5"
            + " UNION SELECT guest FROM reviews JOIN hotels ON hotels.id = reviews.hotel_id WHERE hotels.city = 'Lyon' AND hotels.stars = 5";
    static final String STARS_ON_ONE = "SELECT guest FROM reviews JOIN hotels ON hotels.id = reviews.hotel_id WHERE hotels.stars = 5"
            + " UNION SELECT guest FROM reviews JOIN hotels ON hotels.id = reviews.hotel_id WHERE hotels.city = 'Lyon'";

    private RankingFixtures() {
    }

    /** A model whose only evidence is agreement among defaults, the empty/NULL result flags and name grounding. */
    static ReadingRanker.Model model(double diversityPenalty, double sharpness, double threshold) {
        return new ReadingRanker.Model(-1.0, Map.of(Feature.DEFAULT_SHARE, 4.0, Feature.EMPTY_RESULT, -3.0,
                Feature.NULL_RESULT, -3.0, Feature.NAME_GROUNDING, 1.0), diversityPenalty, sharpness,
                new ReadingRanker.Verdict(-3.0, Map.of(VerdictFeature.SECOND_CONFIDENCE, 6.0), threshold),
                new ReadingRanker.Cut(0.5, 0.0, 1.0, 4));
    }

    static ReadingRanker.Model withCut(ReadingRanker.Model m, ReadingRanker.Verdict verdict, ReadingRanker.Cut cut) {
        return new ReadingRanker.Model(m.readingBias(), m.readingWeights(), m.diversityPenalty(), m.probabilitySharpness(),
                verdict, cut);
    }

    /** One text column with the given cells (null: a NULL cell). */
    static ExecuteResponse result(String column, String... cells) {
        ExecuteResponse.Builder b = ExecuteResponse.newBuilder().addColumns(ResultColumn.newBuilder().setName(column));
        for (String c : cells) {
            b.addRows(Row.newBuilder().addCells(c == null ? Cell.newBuilder().setType(ValueType.VALUE_TYPE_NULL)
                    : Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText(c)));
        }
        return b.setEmpty(cells.length == 0).build();
    }

    /** One row of text cells under the given column names. */
    static ExecuteResponse oneRowOf(String... columns) {
        ExecuteResponse.Builder b = ExecuteResponse.newBuilder();
        Row.Builder row = Row.newBuilder();
        for (String c : columns) {
            b.addColumns(ResultColumn.newBuilder().setName(c));
            row.addCells(Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText("v"));
        }
        return b.addRows(row).build();
    }

    /** A reading of this SQL with parser-svc's recorded analysis of it, as the pipeline hands it over. */
    static EvidenceExtractor.Candidate reading(String sql, ExecuteResponse result, Source... routes) {
        return new EvidenceExtractor.Candidate(List.of(routes), result, RecordedAnalyses.of(sql));
    }

    /** A reading of the demo database's own SQL, executed on it. */
    static EvidenceExtractor.Candidate executed(String sql, Source... routes) {
        return reading(sql, Hotels.execute(sql), routes);
    }

    /** Four readings of "the rating of each hotel": an empty one, the review score, the stars (two routes), all NULL. */
    static List<ReadingEvidence> ratingReadings() {
        return evidence("return the rating of each hotel", List.of(
                reading(GUESTS, result("guest"), Source.SOURCE_CALLER),
                executed(Hotels.SCORE, Source.SOURCE_INFILL_STRUCTURAL),
                executed(Hotels.STARS, Source.SOURCE_CALLER, Source.SOURCE_CALLER),
                reading(NULLS, result("x", null, null, null), Source.SOURCE_CALLER)));
    }

    /** The evidence as the pipeline extracts it, with the question's terms read from the same schema. */
    static List<ReadingEvidence> evidence(String question, List<EvidenceExtractor.Candidate> readings) {
        return EvidenceExtractor.extract(question, SCHEMA, QuestionTerms.of(question, SCHEMA), readings);
    }

    static List<ReadingEvidence> evidence(String question, List<EvidenceExtractor.Candidate> readings,
                                          NameFit nameFit) {
        return EvidenceExtractor.extract(question, SCHEMA, QuestionTerms.of(question, SCHEMA), readings, nameFit);
    }

    static Table table(String name, String... columns) {
        Table.Builder t = Table.newBuilder().setName(name);
        for (String c : columns) {
            t.addColumns(Column.newBuilder().setName(c));
        }
        return t.build();
    }

    /** A reading of one table whose analysis projects these columns, one SELECT item slot each, as parser-svc writes it. */
    static EvidenceExtractor.Candidate projecting(String table, String... columns) {
        SqlAnalysis.Builder a = SqlAnalysis.newBuilder().addTables(TableUse.newBuilder().setName(table));
        for (int i = 0; i < columns.length; i++) {
            a.addColumns(ColumnUse.newBuilder().setTable(table).setColumn(columns[i]).addClauses("select"));
            a.addSlots(Slot.newBuilder().setPath("select[" + i + "]").setKind(SlotKind.SLOT_KIND_SELECT_ITEM)
                    .setValue(table + "." + columns[i]).addSchemaElements(table + "." + columns[i]));
        }
        return new EvidenceExtractor.Candidate(List.of(Source.SOURCE_CALLER), oneRowOf(columns), a.build());
    }
}

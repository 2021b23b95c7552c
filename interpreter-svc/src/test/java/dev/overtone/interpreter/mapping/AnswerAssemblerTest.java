package dev.overtone.interpreter.mapping;

import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.interpreter.service.ReadingGroup;
import dev.overtone.interpreter.service.Route;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The answer made of the readings found: ranked, previewed, with its verdict, its ambiguity summary and its warnings. */
class AnswerAssemblerTest {
    private static final Schema HOTELS = Schema.newBuilder().addTables(Table.newBuilder().setName("hotels")
            .addColumns(Column.newBuilder().setName("name").setValueType(ValueType.VALUE_TYPE_TEXT))
            .addColumns(Column.newBuilder().setName("stars").setValueType(ValueType.VALUE_TYPE_INTEGER)))
            .addTables(Table.newBuilder().setName("reviews")
                    .addColumns(Column.newBuilder().setName("score").setValueType(ValueType.VALUE_TYPE_REAL))).build();
    private static final String QUESTION = "return the rating of each hotel";
    private static final String STARS = "SELECT name, stars FROM hotels";
    private static final String SCORE = "SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.name";
    private static final Degradation INFILL_DOWN = Degradation.newBuilder().setStage(Stage.STAGE_INFILL).build();
    private static final Degradation VERBALIZE_DOWN = Degradation.newBuilder().setStage(Stage.STAGE_VERBALIZE).build();

    private final AnswerAssembler assembler = new AnswerAssembler();

    @Test
    void everyReadingIsAnInterpretationRankedWithProbabilitiesThatSumToOne() {
        ReadingGroup stars = group(STARS, "fp-stars", 7);
        stars.paraphrases().add(new Route("the stars", "select name, stars from hotels", Source.SOURCE_CALLER, ""));
        InterpretResponse answer = assembler.assemble(view(List.of(), List.of()), List.of(stars, group(SCORE, "fp-score", 3)));

        assertThat(answer.getInterpretationsList()).extracting(Interpretation::getId).containsExactly("i1", "i2");
        assertThat(answer.getInterpretationsList()).extracting(Interpretation::getFingerprint).containsExactlyInAnyOrder("fp-stars", "fp-score");
        assertThat(answer.getInterpretationsList().stream().mapToDouble(Interpretation::getProbability).sum()).isCloseTo(1.0, within(1e-9));
        assertThat(answer.getInterpretations(0).getProbability()).isGreaterThanOrEqualTo(answer.getInterpretations(1).getProbability());
        Interpretation starsReading = answer.getInterpretationsList().stream().filter(i -> i.getSql().equals(STARS)).findFirst().orElseThrow();
        assertThat(starsReading.getPreview().getRowsCount()).isEqualTo(5);
        assertThat(starsReading.getPreview().getRowCount()).isEqualTo(7);
        assertThat(starsReading.getParaphrasesList()).extracting(p -> p.getSql()).containsExactly("select name, stars from hotels");
        assertThat(starsReading.getEvidenceList()).isNotEmpty();
        assertThat(answer.getTimingsList()).extracting(t -> t.getKind()).containsExactly(Stage.STAGE_SCHEMA, Stage.STAGE_EXECUTE);
    }

    /** One reading is an answer only when every stage that finds readings did its whole work. */
    @Test
    void oneReadingIsAnsweredOrIncompleteByWhatWasDegraded() {
        List<ReadingGroup> one = List.of(group(STARS, "fp", 3));
        assertThat(assembler.assemble(view(List.of(), List.of()), one).getOutcome()).isEqualTo(Outcome.OUTCOME_ANSWERABLE);
        assertThat(assembler.assemble(view(List.of(VERBALIZE_DOWN), List.of()), one).getOutcome()).isEqualTo(Outcome.OUTCOME_ANSWERABLE);
        assertThat(assembler.assemble(view(List.of(INFILL_DOWN), List.of()), one).getOutcome()).isEqualTo(Outcome.OUTCOME_INCOMPLETE);
    }

    @Test
    void noReadingIsUnanswerableOnlyWhenTheSchemaHasNothingForTheQuestion() {
        InterpretResponse failed = assembler.assemble(view(List.of(), List.of()), List.of());
        assertThat(failed.getOutcome()).isEqualTo(Outcome.OUTCOME_FAILED);
        assertThat(failed.getWarningsList()).isEmpty();
        InterpretResponse unanswerable = assembler.assemble(view(List.of(), List.of("volcanoes")), List.of());
        assertThat(unanswerable.getOutcome()).isEqualTo(Outcome.OUTCOME_UNANSWERABLE);
        assertThat(unanswerable.getWarningsList()).containsExactly("unanswerable: the schema of demo/hotels has nothing for 'volcanoes', by name or by meaning");
    }

    @Test
    void aRepeatedWarningIsSaidOnce() {
        AnswerAssembler.RunView view = new AnswerAssembler.RunView(request(), HOTELS, QuestionTerms.of(QUESTION, HOTELS), List.of(),
                List.of("analyze: down", "analyze: down", "verbalize: down"), List.of(), timings(), 10, 5, List.of());
        assertThat(assembler.assemble(view, List.of(group(STARS, "fp", 1))).getWarningsList()).containsExactly("analyze: down", "verbalize: down");
    }

    /** The ambiguity summary names the slot the readings differ at; slots they share are not in it. */
    @Test
    void theSummaryHoldsTheSlotsTheReadingsDifferAt() {
        ReadingGroup stars = group(STARS, "fp-stars", 3);
        stars.analysis(analysis(slot("from[0]", "hotels"), slot("select[1]", "stars")));
        ReadingGroup score = group(SCORE, "fp-score", 3);
        score.analysis(analysis(slot("from[0]", "hotels"), slot("select[1]", "AVG(r.score)")));
        InterpretResponse answer = assembler.assemble(view(List.of(), List.of()), List.of(stars, score));
        assertThat(answer.getAmbiguity().getSlotsList()).extracting(s -> s.getPath()).containsExactly("select[1]");
    }

    @Test
    void aClarificationCarriesEveryReadingItsAnalysisAndWhetherReadingsMayBeMissing() {
        ReadingGroup stars = group(STARS, "fp-stars", 3);
        stars.analysis(analysis(slot("select[1]", "stars")));
        InterpretResponse answer = assembler.assemble(view(List.of(INFILL_DOWN), List.of()), List.of(stars, group(SCORE, "fp-score", 3)));
        StartRequest start = assembler.clarification(request(), answer, false);
        assertThat(start.getQuestion()).isEqualTo(QUESTION);
        assertThat(start.getCandidatesIncomplete()).isTrue();
        assertThat(start.getCandidatesList()).extracting(c -> c.getId()).containsExactly("i1", "i2");
        assertThat(start.getCandidatesList()).filteredOn(c -> c.getSql().equals(STARS)).singleElement()
                .satisfies(c -> assertThat(c.getAnalysis().getSlotsList()).hasSize(1));
        assertThat(assembler.clarification(request(), assembler.assemble(view(List.of(), List.of()), List.of(stars)), false).getCandidatesIncomplete())
                .isFalse();
    }

    private static AnswerAssembler.RunView view(List<Degradation> degradations, List<String> absent) {
        return new AnswerAssembler.RunView(request(), HOTELS, QuestionTerms.of(QUESTION, HOTELS), absent, List.of(), List.of(),
                timings(), 1234, 5, degradations);
    }

    private static Map<Stage, Long> timings() {
        Map<Stage, Long> timings = new LinkedHashMap<>();
        timings.put(Stage.STAGE_SCHEMA, 10L);
        timings.put(Stage.STAGE_EXECUTE, 200L);
        return timings;
    }

    private static InterpretRequest request() {
        return InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels").setQuestion(QUESTION).build();
    }

    private static ReadingGroup group(String sql, String fingerprint, int rows) {
        ExecuteResponse.Builder result = ExecuteResponse.newBuilder().setFingerprint(fingerprint)
                .addColumns(ResultColumn.newBuilder().setName("name")).addColumns(ResultColumn.newBuilder().setName("rating"));
        for (int i = 0; i < rows; i++) {
            result.addRows(Row.newBuilder().addCells(Cell.newBuilder().setText("hotel " + i)).addCells(Cell.newBuilder().setText(fingerprint + i)));
        }
        return new ReadingGroup(fingerprint, new Route("", sql, Source.SOURCE_CALLER, ""), result.build());
    }

    private static SqlAnalysis analysis(Slot... slots) {
        return SqlAnalysis.newBuilder().addAllSlots(List.of(slots)).build();
    }

    private static Slot slot(String path, String value) {
        return Slot.newBuilder().setPath(path).setValue(value).build();
    }
}

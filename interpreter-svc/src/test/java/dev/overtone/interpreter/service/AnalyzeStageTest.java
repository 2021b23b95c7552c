package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.AnalyzeResult;
import dev.overtone.proto.v1.ColumnUse;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.TableUse;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.overtone.interpreter.service.StubDownstreams.PARSER_DOWN;
import static org.assertj.core.api.Assertions.assertThat;

/** The analyze stage on a plain-Java parser-svc. */
class AnalyzeStageTest {

    @Test
    void analyzeGivesEachSqlItsAnalysisInOrderOrSaysTheCallFailed() {
        AnalyzeStage.Analyzed analyzed = new AnalyzeStage(answering(AnalyzeBatchResponse.newBuilder()
                .addResults(AnalyzeResult.newBuilder().setAnalysis(AnalyzeResponse.newBuilder().setCanonicalSql("SELECT 1")))
                .addResults(AnalyzeResult.getDefaultInstance()).build()))
                .analyze(new AnalyzeStage.Input(List.of("select 1", "nonsense"), Schema.getDefaultInstance(), 100, 3));
        assertThat(analyzed.analyses().get(0).getCanonicalSql()).isEqualTo("SELECT 1");
        assertThat(analyzed.analyses().get(1)).isNull();
        assertThat(analyzed.setback()).isEmpty();
        assertThat(analyzed.detail()).isEqualTo("1 analyzed, 3 carried by infill");

        AnalyzeStage.Analyzed failed = new AnalyzeStage(new StubDownstreams() {
            @Override
            public Called<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request, long timeoutMs) {
                return Called.failed(PARSER_DOWN);
            }
        }).analyze(new AnalyzeStage.Input(List.of("select 1", "select 2"), Schema.getDefaultInstance(), 100, 0));
        assertThat(failed.analyses()).containsExactly(null, null);
        assertThat(failed.setback()).hasValueSatisfying(s -> {
            assertThat(s.warning()).isEqualTo("analyze: parser-svc is unavailable; the ambiguity summary has no slots");
            assertThat(s.degradation().getStage()).isEqualTo(Stage.STAGE_ANALYZE);
            assertThat(s.degradation().getAffectedCalls()).isEqualTo(2);
        });
        assertThat(failed.detail()).isEqualTo("0 analyzed");
    }

    @Test
    void anAnalysisKeepsItsSlotsTablesAndColumnsAndFewerResultsThanAskedLeaveTheRestUnanalysed() {
        AnalyzeResponse full = AnalyzeResponse.newBuilder().setCanonicalSql("SELECT name FROM hotels")
                .addTables(TableUse.newBuilder().setName("hotels")).addColumns(ColumnUse.newBuilder().setTable("hotels").setColumn("name"))
                .addSlots(Slot.newBuilder().setPath("select[0]")).build();
        AnalyzeStage.Analyzed analyzed = new AnalyzeStage(answering(AnalyzeBatchResponse.newBuilder()
                .addResults(AnalyzeResult.newBuilder().setAnalysis(full)).build()))
                .analyze(new AnalyzeStage.Input(List.of("select name from hotels", "select 2"), Schema.getDefaultInstance(), 100, 0));
        SqlAnalysis first = analyzed.analyses().get(0);
        assertThat(first.getTablesList()).extracting(TableUse::getName).containsExactly("hotels");
        assertThat(first.getColumnsList()).extracting(ColumnUse::getColumn).containsExactly("name");
        assertThat(first.getSlotsList()).extracting(Slot::getPath).containsExactly("select[0]");
        assertThat(analyzed.analyses()).hasSize(2);
        assertThat(analyzed.analyses().get(1)).isNull();
    }

    private static ParserCalls answering(AnalyzeBatchResponse response) {
        return new StubDownstreams() {
            @Override
            public Called<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request, long timeoutMs) {
                return Called.answered(response);
            }
        };
    }
}

package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.Stage;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** One list of setbacks: the answer's degradations and, worded from them, its warnings, as they are on the wire. */
class SetbacksTest {

    @Test
    void eachWarningIsWordedFromItsDegradationInTheOrderTheyHappened() {
        Setbacks setbacks = new Setbacks();
        DownstreamFailure infillDown = new DownstreamFailure("infill-svc", Status.Code.UNAVAILABLE, "infill-svc is unavailable at localhost:8092: refused");
        DownstreamFailure parserDown = new DownstreamFailure("parser-svc", Status.Code.DEADLINE_EXCEEDED, "parser-svc did not answer");
        setbacks.add(Setback.of(Stage.STAGE_DEFAULTS, DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED, "llm", "the LLM timed out", Setback.Wording.DEFAULTS));
        setbacks.add(Setback.failed(Stage.STAGE_INFILL, infillDown, 0, Setback.Wording.INFILL_CALL));
        setbacks.add(Setback.failed(Stage.STAGE_ANALYZE, parserDown, 2, Setback.Wording.ANALYZE));
        setbacks.add(Setback.failed(Stage.STAGE_VERBALIZE, parserDown, 2, Setback.Wording.VERBALIZE));
        setbacks.add(Setback.of(Stage.STAGE_INFILL, DegradationCause.DEGRADATION_CAUSE_BUDGET_SPENT, "infill-svc",
                "infill: stopped after round 1, the request's time budget is spent", Setback.Wording.INFILL_BUDGET));
        setbacks.add(Setback.of(Stage.STAGE_INFILL_MODEL, DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED, "infill-svc",
                "model: timed out; structural readings only", Setback.Wording.INFILL_SERVICE));
        setbacks.add(Setback.failed(Stage.STAGE_RECALL, new DownstreamFailure("clarify-svc", Status.Code.DEADLINE_EXCEEDED,
                "clarify-svc did not answer Recall within 3000 ms"), 0, Setback.Wording.RECALL));
        assertThat(setbacks.warnings()).containsExactly(
                "defaults: the LLM timed out",
                "infill: infill-svc is unavailable at localhost:8092: refused; readings found so far only",
                "analyze: parser-svc did not answer; the ambiguity summary has no slots",
                "verbalize: parser-svc did not answer; the SQL stands in for the text",
                "infill: stopped after round 1, the request's time budget is spent",
                "infill-svc degraded: model: timed out; structural readings only",
                "recall: clarify-svc did not answer Recall within 3000 ms; ranked without the tenant's remembered choices");
        assertThat(setbacks.degradations()).extracting(d -> d.getStage()).containsExactly(Stage.STAGE_DEFAULTS, Stage.STAGE_INFILL,
                Stage.STAGE_ANALYZE, Stage.STAGE_VERBALIZE, Stage.STAGE_INFILL, Stage.STAGE_INFILL_MODEL, Stage.STAGE_RECALL);
        assertThat(setbacks.degradations().get(6).getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED);
        assertThat(setbacks.degradations().get(1).getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE);
        assertThat(setbacks.degradations().get(2).getAffectedCalls()).isEqualTo(2);
    }

    /** A stage off by configuration is said but is no degradation; failed parse or execute calls are degradations the readings say. */
    @Test
    void aStageOffIsOnlySaidAndFailedReadingCallsAreOnlyTyped() {
        Setbacks setbacks = new Setbacks();
        setbacks.add(Setback.off(Stage.STAGE_DEFAULTS, "no LLM endpoint configured; only the caller's readings were used"));
        setbacks.add(Setback.failed(Stage.STAGE_EXECUTE, new DownstreamFailure("executor-svc", Status.Code.UNAVAILABLE, "down"), 3,
                Setback.Wording.UNSAID));
        assertThat(setbacks.warnings()).containsExactly("defaults: no LLM endpoint configured; only the caller's readings were used");
        assertThat(setbacks.degradations()).singleElement().satisfies(d -> {
            assertThat(d.getStage()).isEqualTo(Stage.STAGE_EXECUTE);
            assertThat(d.getAffectedCalls()).isEqualTo(3);
        });
    }

    @Test
    void theCandidateCutIsSaidUnderItsOwnName() {
        CandidateCut cut = CandidateCut.of(java.util.List.of(sql("SELECT 1"), sql("SELECT 2"), sql("SELECT 2")), 1);
        Setback setback = cut.setback(3, 1).orElseThrow();
        assertThat(setback.warning()).startsWith("candidates: 3 caller defaults, 2 distinct");
        assertThat(setback.degradation().getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_CANDIDATES_CUT);
        assertThat(setback.degradation().getAffectedCalls()).isEqualTo(2);
        assertThat(CandidateCut.of(java.util.List.of(sql("SELECT 1")), 1).setback(1, 1)).isEmpty();
    }

    private static Route sql(String sql) {
        return new Route("", sql, dev.overtone.proto.v1.Source.SOURCE_CALLER, "");
    }
}

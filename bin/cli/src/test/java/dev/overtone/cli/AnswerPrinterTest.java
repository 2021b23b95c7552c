package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageFinished;
import dev.overtone.proto.v1.StageTiming;
import dev.overtone.proto.v1.StatusCode;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * Stages and a failed reading's status are printed by the names they always had, from the typed kind and code, and from
 * the names alone where a server sends neither.
 */
class AnswerPrinterTest {

    @Test
    void timingsArePrintedByTheTypedStageInTheirOrder() {
        InterpretResponse answer = InterpretResponse.newBuilder()
                .addTimings(timing(Stage.STAGE_SCHEMA, 1_000))
                .addTimings(timing(Stage.STAGE_EXECUTE, 2_500))
                .addTimings(timing(Stage.STAGE_REPAIR, 300))
                .setTotalMicros(4_000).build();

        assertThat(printed(answer)).contains("Timings: schema 1.0 ms, execute 2.5 ms, repair 0.3 ms; total 4.0 ms");
    }

    @Test
    @SuppressWarnings("deprecation") // builds what a server older than kind sends: the string stage alone
    void aServerWithoutKindIsReadByTheNameItSends() {
        StageTiming old = StageTiming.newBuilder().setStage("execute").setMicros(2_000).build();
        StageTiming newer = StageTiming.newBuilder().setKindValue(99).setStage("rerank").setMicros(1_000).build();

        assertThat(AnswerPrinter.stage(old)).isEqualTo("execute");
        assertThat(AnswerPrinter.stage(newer)).as("a stage this client does not know yet").isEqualTo("rerank");
        assertThat(AnswerPrinter.stage(StageFinished.newBuilder().setStage("infill").build())).isEqualTo("infill");
        assertThat(AnswerPrinter.stage(StageFinished.newBuilder().setKind(Stage.STAGE_INFILL).setStage("infill").build()))
                .isEqualTo("infill");
    }

    @Test
    void aFailedReadingIsPrintedByItsTypedStageAndCode() {
        InterpretResponse answer = InterpretResponse.newBuilder().addFailures(FailedReading.newBuilder()
                .setSource(Source.SOURCE_CALLER).setKind(Stage.STAGE_EXECUTE).setCode(StatusCode.STATUS_CODE_INVALID_ARGUMENT)
                .setMessage("no such column: rating").setSql("SELECT rating FROM hotels")).build();

        assertThat(printed(answer)).contains("✗ caller failed at execute: INVALID_ARGUMENT no such column: rating");
    }

    @Test
    @SuppressWarnings("deprecation") // builds what a server older than kind and code sends: the strings alone
    void aFailedReadingFromAServerWithoutKindAndCodeIsReadByTheNamesItSends() {
        FailedReading old = FailedReading.newBuilder().setStage("parse").setStatus("FAILED_PRECONDITION").build();
        FailedReading newer = FailedReading.newBuilder().setKindValue(99).setStage("rerank").setCodeValue(99).setStatus("SOMETHING_NEW").build();

        assertThat(AnswerPrinter.stage(old)).isEqualTo("parse");
        assertThat(AnswerPrinter.status(old)).isEqualTo("FAILED_PRECONDITION");
        assertThat(AnswerPrinter.stage(newer)).as("a stage this client does not know yet").isEqualTo("rerank");
        assertThat(AnswerPrinter.status(newer)).as("a code this client does not know").isEqualTo("SOMETHING_NEW");
    }

    @Test
    void aReadingARememberedChoiceRaisedSaysWhy() {
        InterpretResponse answer = InterpretResponse.newBuilder().addInterpretations(Interpretation.newBuilder().setId("i1")
                .setSql("SELECT 1").addRemembered(RememberedChoice.newBuilder()
                        .setExplanation("'rating' read as reviews.score: chosen in this database on 2026-11-20"))).build();

        assertThat(printed(answer)).contains("[i1]", "    remembered: 'rating' read as reviews.score: chosen in this database on 2026-11-20");
    }

    /** The typed stage alone, so the names printed can only come from it. */
    private static StageTiming timing(Stage kind, long micros) {
        return StageTiming.newBuilder().setKind(kind).setMicros(micros).build();
    }

    private static String printed(InterpretResponse answer) {
        StringWriter printed = new StringWriter();
        new AnswerPrinter(new PrintWriter(printed, true)).print("q", answer);
        return printed.toString();
    }
}

package dev.overtone.cli;

import dev.overtone.proto.v1.AmbiguousSlot;
import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageFinished;
import dev.overtone.proto.v1.StageTiming;
import dev.overtone.proto.v1.StatusCode;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.stream.Collectors;

/** Prints an Interpret answer for a person: each reading, its SQL and first rows, then the summary. */
final class AnswerPrinter {

    private final PrintWriter out;

    AnswerPrinter(PrintWriter out) {
        this.out = out;
    }

    void print(String question, InterpretResponse answer) {
        out.printf("%nQuestion: %s%n", question);
        out.printf("Outcome:  %s, %d reading(s)%n%n", outcome(answer), answer.getInterpretationsCount());
        for (Interpretation reading : answer.getInterpretationsList()) {
            if (reading.getAlternative() && reading.getId().equals(firstAlternative(answer))) {
                out.println("Also possible (alternatives, less likely):");
                out.println();
            }
            printReading(reading);
        }
        for (FailedReading failure : answer.getFailuresList()) {
            out.printf("✗ %s failed at %s: %s %s%n    %s%n", source(failure.getSource()), stage(failure),
                    status(failure), failure.getMessage(), oneLine(failure.getSql()));
        }
        if (answer.getAmbiguity().getSlotsCount() > 0) {
            out.println("Where the readings differ:");
            for (AmbiguousSlot slot : answer.getAmbiguity().getSlotsList()) {
                out.printf("  %s: %s%s%n", slot.getLabel().isEmpty() ? slot.getPath() : slot.getLabel(),
                        String.join(" | ", slot.getSchemaElementsList()),
                        slot.getQuestionTermsCount() == 0 ? "" : "  (from \"" + String.join("\", \"", slot.getQuestionTermsList()) + "\")");
            }
        }
        if (answer.getAmbiguity().getUngroundedTermsCount() > 0) {
            out.println("Not in the schema: " + String.join(", ", answer.getAmbiguity().getUngroundedTermsList()));
        }
        answer.getDegradationsList().forEach(d -> out.printf("degraded: stage %s (%s, %s): %s%n",
                stage(d.getStage()),
                d.getCause().name().replace("DEGRADATION_CAUSE_", "").toLowerCase(Locale.ROOT).replace('_', ' '),
                d.getService(), d.getMessage()));
        answer.getWarningsList().forEach(warning -> out.println("warning: " + warning));
        out.println("Timings: " + answer.getTimingsList().stream().map(AnswerPrinter::timing)
                .collect(Collectors.joining(", ")) + String.format(Locale.ROOT, "; total %.1f ms", answer.getTotalMicros() / 1000.0));
    }

    private void printReading(Interpretation reading) {
        out.printf("[%s] p=%.2f  %s%n    %s%n", reading.getId(), reading.getProbability(), reading.getText(), origin(reading));
        // why a remembered choice put it here: "'rating' read as reviews.score: chosen in this database on 2026-11-20"
        reading.getRememberedList().forEach(choice -> out.printf("    remembered: %s%n", choice.getExplanation()));
        out.printf("    SQL: %s%n", oneLine(reading.getSql()));
        var preview = reading.getPreview();
        TextTable.of(preview.getColumnsList(), preview.getRowsList()).print(out, "    ");
        out.printf("    (%d row%s%s, %d shown)%n", preview.getRowCount(), preview.getRowCount() == 1 ? "" : "s",
                preview.getTruncated() ? " or more" : "", preview.getRowsCount());
        if (reading.getParaphrasesCount() > 0) {
            out.printf("    same result from %d other SQL: %s%n", reading.getParaphrasesCount(),
                    reading.getParaphrasesList().stream().map(p -> oneLine(p.getSql())).collect(Collectors.joining(" ; ")));
        }
        out.println();
    }

    private static String firstAlternative(InterpretResponse answer) {
        return answer.getInterpretationsList().stream().filter(Interpretation::getAlternative).map(Interpretation::getId)
                .findFirst().orElse("");
    }

    /** Where a reading came from, for a person: the caller's own SQL, the LLM, or found by Overtone. */
    static String origin(Interpretation reading) {
        return switch (reading.getSource()) {
            case SOURCE_CALLER -> "from your SQL";
            case SOURCE_DEFAULT -> "the LLM's default reading";
            case SOURCE_INFILL_MODEL -> "found by Overtone (infilling model)";
            case SOURCE_INFILL_STRUCTURAL -> "found by Overtone (structural" + (reading.getFamily().isEmpty() ? "" : ", "
                    + reading.getFamily() + " family") + ")";
            default -> source(reading.getSource());
        };
    }

    static String outcome(InterpretResponse answer) {
        return answer.getOutcome().name().replace("OUTCOME_", "").toLowerCase(Locale.ROOT);
    }

    static String source(Source source) {
        return source.name().replace("SOURCE_", "").toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static String oneLine(String sql) {
        return sql.replaceAll("\\s+", " ").strip();
    }

    private static String timing(StageTiming timing) {
        return String.format(Locale.ROOT, "%s %.1f ms", stage(timing), timing.getMicros() / 1000.0);
    }

    /** The stage of a timing, by name ("execute"). */
    @SuppressWarnings("deprecation") // the string stage: all a server older than kind sends
    static String stage(StageTiming timing) {
        return stage(timing.getKind(), timing.getStage());
    }

    /** The stage of a StreamInterpret stage_finished event, by name ("execute"). */
    @SuppressWarnings("deprecation") // the string stage: all a server older than kind sends
    static String stage(StageFinished finished) {
        return stage(finished.getKind(), finished.getStage());
    }

    /** The stage a reading failed at, by name ("execute"). */
    @SuppressWarnings("deprecation") // the string stage: all a server older than kind sends
    static String stage(FailedReading failure) {
        return stage(failure.getKind(), failure.getStage());
    }

    /** The gRPC status code a reading failed with, by name ("INVALID_ARGUMENT"); the name sent when the server predates code. */
    @SuppressWarnings("deprecation") // the string status: all a server older than code sends
    static String status(FailedReading failure) {
        StatusCode code = failure.getCode();
        // a failure is never OK: OK is the unset value, so a server older than code
        return code == StatusCode.STATUS_CODE_OK || code == StatusCode.UNRECOGNIZED ? failure.getStatus()
                : code.name().replace("STATUS_CODE_", "");
    }

    /** The typed stage's name; the name sent beside it when the server predates kind or has a stage this client does not know. */
    private static String stage(Stage kind, String sentName) {
        return kind == Stage.STAGE_UNSPECIFIED || kind == Stage.UNRECOGNIZED ? sentName : stage(kind);
    }

    static String stage(Stage stage) {
        return stage.name().replace("STAGE_", "").toLowerCase(Locale.ROOT);
    }
}

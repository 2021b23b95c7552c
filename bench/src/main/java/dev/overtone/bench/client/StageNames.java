package dev.overtone.bench.client;

import java.util.Locale;

import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;

/** A stage timing's or failed reading's stage by the name reports have always used ("execute" for STAGE_EXECUTE). */
public final class StageNames {

    private StageNames() {
    }

    @SuppressWarnings("deprecation") // the string stage: all a server older than kind sends
    public static String of(StageTiming timing) {
        return of(timing.getKind(), timing.getStage());
    }

    @SuppressWarnings("deprecation") // the string stage: all a server older than kind sends
    public static String of(FailedReading failure) {
        return of(failure.getKind(), failure.getStage());
    }

    /** From the typed kind; the name sent beside it when the server predates kind or has a stage the bench does not know. */
    private static String of(Stage kind, String sentName) {
        return kind == Stage.STAGE_UNSPECIFIED || kind == Stage.UNRECOGNIZED ? sentName
                : kind.name().replace("STAGE_", "").toLowerCase(Locale.ROOT);
    }
}

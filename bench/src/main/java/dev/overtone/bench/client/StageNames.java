package dev.overtone.bench.client;

import java.util.Locale;

import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;

/** A stage timing's stage by the name reports have always used ("execute" for STAGE_EXECUTE). */
public final class StageNames {

    private StageNames() {
    }

    /** From the typed kind; the name sent beside it when the server predates kind or has a stage the bench does not know. */
    @SuppressWarnings("deprecation") // the string stage: all a server older than kind sends
    public static String of(StageTiming timing) {
        Stage kind = timing.getKind();
        return kind == Stage.STAGE_UNSPECIFIED || kind == Stage.UNRECOGNIZED ? timing.getStage()
                : kind.name().replace("STAGE_", "").toLowerCase(Locale.ROOT);
    }
}

package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Stage;

import java.util.Locale;

/**
 * A stage's name as strings carry it: the metric label ({@code overtone_interpret_abandoned_total{stage="execute"}}),
 * the span ("stage execute"), logs and the string stage fields kept for older clients. It is the proto name after
 * {@code STAGE_} in lower case, as common.proto says; dashboards read these names, so StageNamesTest pins them.
 */
public final class StageNames {
    private static final String PREFIX = "STAGE_";

    private StageNames() {
    }

    public static String of(Stage stage) {
        if (stage == Stage.STAGE_UNSPECIFIED || stage == Stage.UNRECOGNIZED) {
            throw new IllegalArgumentException("not a stage: " + stage);
        }
        return stage.name().substring(PREFIX.length()).toLowerCase(Locale.ROOT);
    }
}

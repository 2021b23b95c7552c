package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Stage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The names the pipeline's stages carry in metric labels, spans and the string stage fields: dashboards read them. */
class StageNamesTest {

    @Test
    void everyPipelineStageHasTheNameItAlwaysHad() {
        assertThat(StageNames.of(Stage.STAGE_SCHEMA)).isEqualTo("schema");
        assertThat(StageNames.of(Stage.STAGE_DEFAULTS)).isEqualTo("defaults");
        assertThat(StageNames.of(Stage.STAGE_PARSE)).isEqualTo("parse");
        assertThat(StageNames.of(Stage.STAGE_EXECUTE)).isEqualTo("execute");
        assertThat(StageNames.of(Stage.STAGE_REPAIR)).isEqualTo("repair");
        assertThat(StageNames.of(Stage.STAGE_INFILL)).isEqualTo("infill");
        assertThat(StageNames.of(Stage.STAGE_ANALYZE)).isEqualTo("analyze");
        assertThat(StageNames.of(Stage.STAGE_VERBALIZE)).isEqualTo("verbalize");
        assertThat(StageNames.of(Stage.STAGE_CLARIFY)).isEqualTo("clarify");
    }

    @Test
    void noStageHasNoName() {
        assertThatThrownBy(() -> StageNames.of(Stage.STAGE_UNSPECIFIED)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StageNames.of(Stage.UNRECOGNIZED)).isInstanceOf(IllegalArgumentException.class);
    }
}

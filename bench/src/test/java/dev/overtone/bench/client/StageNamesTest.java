package dev.overtone.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;

class StageNamesTest {

    @Test
    void theTypedStageGivesTheNameReportsUse() {
        assertThat(StageNames.of(StageTiming.newBuilder().setKind(Stage.STAGE_EXECUTE).build())).isEqualTo("execute");
        assertThat(StageNames.of(StageTiming.newBuilder().setKind(Stage.STAGE_REPAIR).build())).isEqualTo("repair");
        assertThat(StageNames.of(StageTiming.newBuilder().setKind(Stage.STAGE_DEFAULTS).build())).isEqualTo("defaults");
    }

    @Test
    @SuppressWarnings("deprecation") // builds what a server older than kind sends: the string stage alone
    void aServerWithoutKindIsReadByTheNameItSends() {
        assertThat(StageNames.of(StageTiming.newBuilder().setStage("parse").build())).isEqualTo("parse");
        assertThat(StageNames.of(StageTiming.newBuilder().setKindValue(99).setStage("rerank").build()))
                .as("a stage the bench does not know yet").isEqualTo("rerank");
    }

    @Test
    @SuppressWarnings("deprecation") // builds what a server older than kind sends: the string stage alone
    void aFailedReadingIsNamedByItsTypedStageElseByTheNameSent() {
        assertThat(StageNames.of(FailedReading.newBuilder().setKind(Stage.STAGE_PARSE).build())).isEqualTo("parse");
        assertThat(StageNames.of(FailedReading.newBuilder().setStage("execute").build())).isEqualTo("execute");
    }
}

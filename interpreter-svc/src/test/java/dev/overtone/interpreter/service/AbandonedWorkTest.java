package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Stage;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AbandonedWorkTest {

    @Test
    void eachAbandonedCallIsCountedUnderTheStageItStoppedAt() {
        AbandonedWork work = new AbandonedWork();
        work.registry = new SimpleMeterRegistry();

        work.abandoned(Stage.STAGE_INFILL);
        work.abandoned(Stage.STAGE_INFILL);
        work.abandoned(Stage.STAGE_EXECUTE);

        assertThat(work.registry.get("overtone.interpret.abandoned").tag("stage", "infill").counter().count()).isEqualTo(2);
        assertThat(work.registry.get("overtone.interpret.abandoned").tag("stage", "execute").counter().count()).isEqualTo(1);
        assertThat(work.registry.find("overtone.interpret.abandoned").counters()).hasSize(2);
    }
}

package dev.overtone.interpreter.grpc;

import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StatusCode;
import dev.overtone.runtime.testing.ConfigProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The replica's bound on the results its calls hold (HeldResults), set by its knob, here one byte: every result
 * executor-svc sends is more than it can take, so each reading fails RESOURCE_EXHAUSTED naming the knob. What a call
 * gives back when it ends: InterpretationPipelineTest.
 */
@QuarkusTest
@TestProfile(HeldResultsBoundTest.OneByte.class)
class HeldResultsBoundTest extends AgainstFakes {
    public static class OneByte extends ConfigProfile {
        public OneByte() {
            super(Map.of("overtone.interpreter.pipeline.held-bytes", "1"));
        }
    }

    @Test
    void aResultTheReplicaCannotHoldFailsItsReadingNamingTheBound() {
        InterpretResponse answer = ask(rating(Hotels.STARS, Hotels.STARS_PARAPHRASE)
                .setOptions(InterpretOptions.newBuilder().setInfill(false)).build());

        assertThat(answer.getInterpretationsList()).isEmpty();
        assertThat(answer.getFailuresList()).hasSize(2).allSatisfy((FailedReading failed) -> {
            assertThat(failed.getKind()).isEqualTo(Stage.STAGE_EXECUTE);
            assertThat(failed.getCode()).isEqualTo(StatusCode.STATUS_CODE_RESOURCE_EXHAUSTED);
            assertThat(failed.getMessage()).contains("(overtone.interpreter.pipeline.held-bytes, 1 bytes)");
        });
    }
}

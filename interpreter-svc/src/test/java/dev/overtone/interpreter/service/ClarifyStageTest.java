package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The clarify stage on a plain-Java clarify-svc. */
class ClarifyStageTest {

    @Test
    void clarifyGivesTheFirstTurnOrSaysItCouldNotStart() {
        ClarifyStage.Started started = new ClarifyStage((request, timeout) -> Turn.newBuilder().setSessionId("s1").build())
                .start(StartRequest.getDefaultInstance(), 100);
        assertThat(started.turn()).hasValueSatisfying(t -> assertThat(t.getSessionId()).isEqualTo("s1"));
        assertThat(started.setback()).isEmpty();
        assertThat(started.detail()).isEqualTo("session s1");

        ClarifyStage.Started down = new ClarifyStage(new StubDownstreams()).start(StartRequest.getDefaultInstance(), 100);
        assertThat(down.turn()).isEmpty();
        assertThat(down.detail()).isEqualTo("failed");
        assertThat(down.setback()).hasValueSatisfying(s -> {
            assertThat(s.warning()).isEqualTo("clarify: clarify-svc is unavailable; no clarification started");
            assertThat(s.degradation().getStage()).isEqualTo(Stage.STAGE_CLARIFY);
            assertThat(s.onWire()).isTrue();
        });
    }

    @Test
    void theRequestAndDeadlineReachClarifySvcUnchanged() {
        StartRequest asked = StartRequest.newBuilder().setQuestion("which hotels?").build();
        StartRequest[] seen = new StartRequest[1];
        long[] deadline = new long[1];
        new ClarifyStage((request, timeout) -> {
            seen[0] = request;
            deadline[0] = timeout;
            return Turn.getDefaultInstance();
        }).start(asked, 250);
        assertThat(seen[0]).isEqualTo(asked);
        assertThat(deadline[0]).isEqualTo(250);
    }
}

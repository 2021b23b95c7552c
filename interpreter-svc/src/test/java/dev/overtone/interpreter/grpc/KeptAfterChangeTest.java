package dev.overtone.interpreter.grpc;

import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.fake.Hotels;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * No Recall answer is kept for a database within keep-after-change of its last change heard, or of the watch's sync (what
 * changed while it was down is heard as of then): another clarify-svc replica may not have heard of it yet, and its
 * answer would be kept stale.
 */
@QuarkusTest
@TestProfile(KeptAfterChangeTest.LongSettle.class)
class KeptAfterChangeTest extends AgainstFakes {

    public static class LongSettle extends WatchProfile {
        public LongSettle() {
            super(Map.of("overtone.interpreter.memory.watch.keep-after-change", "1h"));
        }
    }

    @Test
    void withinKeepAfterChangeOfTheSyncEveryCallAsksRecall() {
        fakes.clarify().remember(KeptRecallsTest.SCORE_IN_HOTELS, c -> c.getSql().equals(Hotels.SCORE_VARIANT)).serveWatchWithPushHeld();
        askUntilUnchanged("the interpreter's memory watch synced (a call no longer asks Remembers)", () -> fakes.clarify().probes().size(), rating(Hotels.STARS).build());
        int recalls = fakes.clarify().recalls().size();

        ask(rating(Hotels.STARS).build());
        ask(rating(Hotels.STARS).build());

        assertThat(fakes.clarify().recalls()).as("a change missed while the stream was down counts as heard at the sync: nothing kept")
                .hasSize(recalls + 2);
    }
}

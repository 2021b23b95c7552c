package dev.overtone.interpreter.grpc;

import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.runtime.testing.ConfigProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * No Recall answer is kept for a database within keep-after-change of its last change heard: another clarify-svc replica
 * may not have heard of it yet, and its answer would be kept stale.
 */
@QuarkusTest
@TestProfile(KeptAfterChangeTest.LongSettle.class)
class KeptAfterChangeTest extends AgainstFakes {

    public static class LongSettle extends ConfigProfile {
        public LongSettle() {
            super(Map.of("overtone.interpreter.memory.watch.backoff-min", "10ms", "overtone.interpreter.memory.watch.backoff-max", "50ms",
                    "overtone.interpreter.memory.watch.keep-after-change", "1h"));
        }
    }

    @Test
    void afterAChangeOfTheDatabaseEveryCallAsksRecall() {
        fakes.clarify().remember(KeptRecallsTest.SCORE_IN_HOTELS, c -> c.getSql().equals(Hotels.SCORE_VARIANT)).serveWatchWithPushHeld();
        Awaitility.await("the interpreter's memory watch synced and an answer kept").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(50)).until(() -> {
                    int asked = fakes.clarify().recalls().size();
                    ask(rating(Hotels.STARS).build());
                    return fakes.clarify().recalls().size() == asked;
                });

        fakes.clarify().pushForgotten("demo", "hotels");
        Awaitility.await("the forget heard").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() -> {
            int asked = fakes.clarify().recalls().size();
            ask(rating(Hotels.STARS).build());
            return fakes.clarify().recalls().size() > asked;
        });
        int recalls = fakes.clarify().recalls().size();

        ask(rating(Hotels.STARS).build());

        assertThat(fakes.clarify().recalls()).as("not kept so soon after the change").hasSize(recalls + 1);
    }
}

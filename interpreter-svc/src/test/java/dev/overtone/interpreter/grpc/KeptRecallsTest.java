package dev.overtone.interpreter.grpc;

import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.MemoryToken;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.proto.v1.Stage;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Recall's answers kept while clarify-svc's WatchMemory is synced, over real gRPC against a clarify-svc fake whose stream
 * the test pushes on: the same question with the same readings asks Recall once; a forget pushed for the database, or a
 * call with a memory token, asks again.
 */
@QuarkusTest
@TestProfile(KeptRecallsTest.Kept.class)
class KeptRecallsTest extends AgainstFakes {

    /** An answer is kept at once after a change. */
    public static class Kept extends WatchProfile {
        public Kept() {
            super(Map.of("overtone.interpreter.memory.watch.keep-after-change", "0s"));
        }
    }

    /** The remembered choice with an expiry far ahead: Recall's answer is kept until then (its valid_until). */
    static final RememberedChoice SCORE_IN_HOTELS = Questions.SCORE_IN_HOTELS.toBuilder().setExpiresAt("2099-05-19T10:00:00Z").build();

    @Test
    void theSameReadingsAskRecallOnceUntilAForgetIsPushedOrACallCarriesAToken() {
        fakes.clarify().remember(SCORE_IN_HOTELS, c -> c.getSql().equals(Hotels.SCORE_VARIANT)).serveWatchWithPushHeld();
        askUntilUnchanged("the interpreter's memory watch synced and an answer kept", () -> fakes.clarify().recalls().size(), rating(Hotels.STARS).build());
        int recalls = fakes.clarify().recalls().size();

        InterpretResponse kept = ask(rating(Hotels.STARS).build());

        assertThat(fakes.clarify().recalls()).as("answered from the kept Recall").hasSize(recalls);
        assertThat(kept.getInterpretations(0).getSql()).isEqualTo(Hotels.SCORE_VARIANT);
        assertThat(kept.getInterpretations(0).getRememberedList()).containsExactly(SCORE_IN_HOTELS);
        assertThat(kept.getTimingsList()).anyMatch(t -> t.getKind() == Stage.STAGE_RECALL);

        ask(rating(Hotels.STARS).setAfterChoice(MemoryToken.newBuilder().setTenant("demo").setDatabase("hotels")).build());
        assertThat(fakes.clarify().recalls()).as("a token always asks").hasSize(recalls + 1);

        fakes.clarify().pushForgotten("demo", "");
        Awaitility.await("the forget heard: Recall asked again").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .until(() -> {
                    int asked = fakes.clarify().recalls().size();
                    ask(rating(Hotels.STARS).build());
                    return fakes.clarify().recalls().size() > asked;
                });
    }
}

package dev.overtone.interpreter.grpc;

import static dev.overtone.interpreter.grpc.Questions.SCORE_IN_HOTELS;
import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.MemoryToken;
import dev.overtone.proto.v1.Stage;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Read-your-choice (InterpretRequest.after_choice), over real gRPC against a clarify-svc fake whose WatchMemory sent its
 * snapshot and then holds every push back: the interpreter's local set is synced and does not know demo/hotels, while
 * Recall (clarify-svc's read of PostgreSQL) already finds the choice, as in the window after Choose or Answer replies.
 */
@QuarkusTest
@TestProfile(AfterChoiceTest.WatchServed.class)
class AfterChoiceTest extends AgainstFakes {

    public static class WatchServed extends WatchProfile {
        public WatchServed() {
            super(Map.of());
        }
    }

    private static final MemoryToken DEMO_HOTELS = MemoryToken.newBuilder().setTenant("demo").setDatabase("hotels").build();

    /** The watch synced (a call no longer asks Remembers), with nothing remembered yet; then the choice, its push held back. */
    @BeforeEach
    void choiceWhosePushIsHeldBack() {
        fakes.clarify().serveWatchWithPushHeld();
        askUntilUnchanged("the interpreter's memory watch synced", () -> fakes.clarify().probes().size(), rating(Hotels.STARS).build());
        fakes.clarify().remember(SCORE_IN_HOTELS, c -> c.getSql().equals(Hotels.SCORE_VARIANT));
    }

    @Test
    void withTheTokenTheCallSeesTheChoiceThePushHasNotDeliveredWithoutItNot() {
        InterpretResponse without = ask(rating(Hotels.STARS).build());
        assertThat(fakes.clarify().recalls()).as("the window: the local set does not know the scope yet").isEmpty();
        assertThat(without.getInterpretations(0).getSql()).isEqualTo(Hotels.STARS);

        InterpretResponse with = ask(rating(Hotels.STARS).setAfterChoice(DEMO_HOTELS).build());

        assertThat(fakes.clarify().recalls()).as("one Recall, under the call's own tenant").singleElement()
                .satisfies(r -> assertThat(r.getTenant() + "/" + r.getDatabase()).isEqualTo("demo/hotels"));
        assertThat(fakes.clarify().probes()).as("nothing asked: the token said where to look").isEmpty();
        assertThat(with.getInterpretations(0).getSql()).isEqualTo(Hotels.SCORE_VARIANT);
        assertThat(with.getInterpretations(0).getRememberedList()).containsExactly(SCORE_IN_HOTELS);
        assertThat(with.getTimingsList()).anyMatch(t -> t.getKind() == Stage.STAGE_RECALL);
    }

    @Test
    void aTokenOfAnotherTenantOrDatabaseOrWithoutItsTenantIsRefusedBeforeAnyMemoryIsRead() {
        assertRefused(rating(Hotels.STARS).setAfterChoice(DEMO_HOTELS.toBuilder().setTenant("other")).build(),
                "after_choice is a choice of tenant \"other\", database \"hotels\", but this call asks tenant \"demo\"");
        assertRefused(rating(Hotels.STARS).setAfterChoice(DEMO_HOTELS.toBuilder().setDatabase("hotels-pg")).build(),
                "a memory token is good only for calls of the tenant and database its choice was made in");
        assertRefused(rating(Hotels.STARS).setAfterChoice(DEMO_HOTELS.toBuilder().clearTenant()).build(),
                "after_choice needs the tenant of the choice");
        assertRefused(rating(Hotels.STARS).setAfterChoice(MemoryToken.getDefaultInstance()).build(),
                "after_choice needs the tenant of the choice");
        assertThat(fakes.clarify().recalls()).isEmpty();
    }

    @Test
    void aTokenDoesNotOverrideIgnoreMemory() {
        InterpretResponse answer = ask(rating(Hotels.STARS).setAfterChoice(DEMO_HOTELS)
                .setOptions(InterpretOptions.newBuilder().setIgnoreMemory(true)).build());

        assertThat(fakes.clarify().recalls()).isEmpty();
        assertThat(answer.getInterpretations(0).getSql()).isEqualTo(Hotels.STARS);
    }

    private void assertRefused(InterpretRequest request, String message) {
        assertThatThrownBy(() -> ask(request)).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).contains(message);
        });
    }
}

package dev.overtone.clarify.service;

import static dev.overtone.clarify.support.StoredSessions.idleFor;
import static dev.overtone.clarify.support.StoredSessions.state;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.repository.DialogueState;
import dev.overtone.clarify.support.AgainstRecordedParser;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Get and Cancel on the real PostgreSQL: a session's state as of now, and how a missing or finished one is said. */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class SessionsTest extends AgainstRecordedParser {
    private static final Duration MARGIN = Duration.ofMinutes(1);

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;
    @Inject
    Sessions sessions;
    @Inject
    ClarifyConfig config;

    @Test
    void aSessionIsReadWithItsCandidatesInOrderAndItsTurns() throws Throwable {
        String id = clarify.start(HotelDialogue.start()).getSessionId();

        SessionView view = await(() -> sessions.get(" " + id + " "));

        assertThat(view.state()).isEqualTo(DialogueState.OPEN);
        assertThat(view.candidates()).extracting(c -> c.candidateId).containsExactly("stars", "score", "good-stars");
        assertThat(view.turns()).extracting(t -> t.number).containsExactly(1);
    }

    /** Idle past the timeout reads as EXPIRED at once, before any cleanup marks it, and can no longer be cancelled. */
    @Test
    void anOpenSessionIdlePastTheTimeoutReadsAsExpiredAndCannotBeCancelled() throws Throwable {
        String id = clarify.start(HotelDialogue.start()).getSessionId();
        idleFor(id, config.sessions().idleTimeout().plus(MARGIN));

        assertThat(await(() -> sessions.get(id)).state()).isEqualTo(DialogueState.EXPIRED);
        assertThat(state(id)).as("as stored").isEqualTo("OPEN");
        assertThatThrownBy(() -> await(() -> sessions.cancel(id))).isInstanceOfSatisfying(ClarifyException.class, e -> {
            assertThat(e.kind()).isEqualTo(ClarifyException.Kind.FAILED_PRECONDITION);
            assertThat(e.getMessage()).isEqualTo("session " + id + " is already expired; there is nothing to cancel");
        });
    }

    @Test
    void anOpenSessionIsCancelledAndStoredSo() throws Throwable {
        String id = clarify.start(HotelDialogue.start()).getSessionId();
        idleFor(id, config.sessions().idleTimeout().minus(MARGIN));

        assertThat(await(() -> sessions.cancel(id)).state()).isEqualTo(DialogueState.CANCELLED);
        assertThat(state(id)).isEqualTo("CANCELLED");
    }

    @Test
    void anUnknownOrMalformedIdIsNotFoundNamingIt() {
        String unknown = UUID.randomUUID().toString();
        assertThatThrownBy(() -> await(() -> sessions.get(unknown))).isInstanceOfSatisfying(ClarifyException.class, e -> {
            assertThat(e.kind()).isEqualTo(ClarifyException.Kind.NOT_FOUND);
            assertThat(e.getMessage()).isEqualTo("no clarification session '" + unknown + "' (never started, or cleaned up after expiring)");
        });
        assertThatThrownBy(() -> await(() -> sessions.cancel(unknown))).isInstanceOfSatisfying(ClarifyException.class,
                e -> assertThat(e.kind()).isEqualTo(ClarifyException.Kind.NOT_FOUND));
        assertThatThrownBy(() -> sessions.get("session-1")).isInstanceOfSatisfying(ClarifyException.class, e -> {
            assertThat(e.kind()).isEqualTo(ClarifyException.Kind.NOT_FOUND);
            assertThat(e.getMessage()).startsWith("no clarification session 'session-1'");
        });
    }

    private static <T> T await(Supplier<Uni<T>> call) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(call);
    }
}

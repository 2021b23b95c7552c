package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.mapping.ProtoMapper;
import dev.overtone.clarify.repository.TurnEntity;
import dev.overtone.clarify.support.AgainstRecordedParser;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.clarify.support.StoredRows;
import dev.overtone.clarify.support.StoredSessions;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Answer on the real PostgreSQL with parser-svc's recorded analyses: a reply is needed, only the current turn of an
 * open session is answered, a retry with its idempotency key gets the same turn, and a key used for another answer
 * is refused.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class DialogueAnswerTest extends AgainstRecordedParser {
    @Inject
    DialogueStart start;
    @Inject
    DialogueAnswer answer;
    @Inject
    ClarifyConfig config;

    @Test
    void anEmptyReplyOrAnUnknownSessionIsRefused() throws Throwable {
        String session = started();

        assertRefused(new AnswerCommand(session, 1, "", " ", ""), ClarifyException.Kind.INVALID_ARGUMENT,
                "the reply is empty: give reply.option_id (e.g. \"o1\") or reply.free_text");
        String unknown = UUID.randomUUID().toString();
        assertRefused(new AnswerCommand(unknown, 1, "o1", null, ""), ClarifyException.Kind.NOT_FOUND,
                "no clarification session '" + unknown + "'");
    }

    @Test
    void onlyTheCurrentTurnIsAnsweredAndAnAnsweredOneIsSettled() throws Throwable {
        String session = started();
        assertRefused(new AnswerCommand(session, 2, "o1", null, ""), ClarifyException.Kind.ABORTED,
                "turn 2 is not the current turn of session " + session + " (the current turn is 1)");

        TurnEntity next = answered(new AnswerCommand(session, 1, "o1", null, ""));

        assertThat(next.number).isEqualTo(2);
        assertThat(StoredRows.value("SELECT reply_option_id FROM clarify_turn WHERE session_id = ? AND number = 1",
                UUID.fromString(session))).isEqualTo("o1");
        assertRefused(new AnswerCommand(session, 1, "o2", null, ""), ClarifyException.Kind.ABORTED,
                "turn 1 of session " + session + " was already answered (the current turn is 2)");
    }

    @Test
    void aRetryWithItsKeyGetsTheSameTurnAndTheKeyUsedForAnotherAnswerIsRefused() throws Throwable {
        String session = started();

        TurnEntity first = answered(new AnswerCommand(session, 1, "o1", null, "k1"));
        TurnEntity retried = answered(new AnswerCommand(session, 1, "o1", null, "k1"));

        assertThat(retried.id).isEqualTo(first.id);
        assertThat(StoredRows.value("SELECT count(*) FROM clarify_turn WHERE session_id = ?", UUID.fromString(session)))
                .as("turns stored: the first and the one the answer led to").isEqualTo(2L);
        assertRefused(new AnswerCommand(session, 1, "o2", null, "k1"), ClarifyException.Kind.INVALID_ARGUMENT,
                "idempotency key 'k1' was already used for a different answer (turn 1); use a new key");
    }

    @Test
    void aSessionIdleTooLongTakesNoMoreAnswers() throws Throwable {
        String session = started();
        StoredSessions.idleFor(session, config.sessions().idleTimeout().plus(Duration.ofMinutes(1)));

        assertRefused(new AnswerCommand(session, 1, "o1", null, ""), ClarifyException.Kind.FAILED_PRECONDITION,
                "it takes no more answers");
    }

    private String started() throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> start.start(ProtoMapper.start(HotelDialogue.start()))).sessionId.toString();
    }

    private TurnEntity answered(AnswerCommand command) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> answer.answer(command)).turn();
    }

    private void assertRefused(AnswerCommand command, ClarifyException.Kind kind, String words) {
        assertThatThrownBy(() -> answered(command)).isInstanceOfSatisfying(ClarifyException.class, e -> {
            assertThat(e.kind()).isEqualTo(kind);
            assertThat(e.getMessage()).contains(words);
        });
    }
}

package dev.overtone.clarify.repository;

import static dev.overtone.clarify.support.SavedEntities.assertOnePerDialogue;
import static dev.overtone.clarify.support.SavedEntities.assertReadsBackAsSaved;

import dev.overtone.clarify.support.DialogueRows;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** An answered idempotency key on the real PostgreSQL: every field as saved (the key in idem_key), once per dialogue. */
@QuarkusTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class IdempotencyKeyEntityTest {

    @Test
    void everyFieldReadsBackAsSaved() throws Throwable {
        assertReadsBackAsSaved(session -> DialogueRows.idempotencyKey(session, "retry-1"), key -> key.id);
    }

    @Test
    void aKeyAnswersOnceInADialogueAndMayBeUsedAgainInAnother() throws Throwable {
        assertOnePerDialogue(session -> DialogueRows.idempotencyKey(session, "retry-1"), "clarify_idempotency_key_session_id_idem_key_key");
    }
}

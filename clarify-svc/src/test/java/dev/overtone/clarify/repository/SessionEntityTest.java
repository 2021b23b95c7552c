package dev.overtone.clarify.repository;

import static dev.overtone.clarify.support.SavedEntities.assertSameFields;
import static dev.overtone.clarify.support.SavedEntities.causes;
import static dev.overtone.clarify.support.SavedEntities.readBack;
import static dev.overtone.clarify.support.SavedEntities.refusal;
import static dev.overtone.clarify.support.SavedEntities.save;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.DialogueRows;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.SavedEntities;
import dev.overtone.clarify.support.StoredRows;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.persistence.OptimisticLockException;
import java.util.UUID;
import org.hibernate.StaleStateException;
import org.junit.jupiter.api.Test;

/**
 * A dialogue's row on the real PostgreSQL: every field as saved, the owner and memory defaults of a dialogue without
 * one, the version two racing answers contend on, and its rows gone with it.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class SessionEntityTest {

    @Test
    void everyFieldReadsBackAsSaved() throws Throwable {
        SessionEntity session = DialogueRows.session();

        save(session);

        assertSameFields(readBack(SessionEntity.class, session.id), session);
    }

    @Test
    void aDialogueWithoutAnOwnerIsStoredWithAnEmptyTenantAndDatabaseAndNoRememberedChoices() throws Throwable {
        SessionEntity owned = DialogueRows.session();
        SessionEntity session = new SessionEntity();
        session.id = UUID.randomUUID();
        session.question = owned.question;
        session.state = DialogueState.OPEN;
        session.strategy = owned.strategy;
        session.createdAt = owned.createdAt;
        session.updatedAt = owned.updatedAt;

        save(session);

        SessionEntity stored = readBack(SessionEntity.class, session.id);
        assertThat(stored.tenant).isEmpty();
        assertThat(stored.database).isEmpty();
        assertThat(stored.remembered).isEqualTo("[]");
    }

    @Test
    void aStaleCopyCannotOverwriteTheAnswerThatBumpedTheVersion() throws Throwable {
        SessionEntity session = DialogueRows.session();
        save(session);
        SavedEntities.inTransaction(() -> SessionEntity.<SessionEntity>findById(session.id).invoke(s -> s.currentTurn = 4));

        session.currentTurn = 5; // the copy still says version 0
        Throwable lost = refusal(() -> Panache.getSession().chain(s -> s.merge(session)));

        assertThat(causes(lost)).as("the failure, as Conflicts reads it")
                .anyMatch(t -> t instanceof StaleStateException || t instanceof OptimisticLockException);
        SessionEntity stored = readBack(SessionEntity.class, session.id);
        assertThat(stored.currentTurn).isEqualTo(4);
        assertThat(stored.version).isEqualTo(1);
    }

    @Test
    void deletingADialogueDeletesItsCandidatesVariablesTurnsAndKeys() throws Throwable {
        SessionEntity session = DialogueRows.session();
        save(session, DialogueRows.candidate(session.id, 0), DialogueRows.variable(session.id),
                DialogueRows.answeredQuestion(session.id, 1), DialogueRows.idempotencyKey(session.id, "k1"));

        SavedEntities.inTransaction(() -> SessionEntity.delete("id = ?1", session.id)); // as the reaper deletes

        for (String table : new String[] {"clarify_candidate", "clarify_variable", "clarify_turn", "clarify_idempotency_key"}) {
            assertThat(StoredRows.value("SELECT count(*) FROM " + table + " WHERE session_id = ?", session.id)).as(table).isEqualTo(0L);
        }
    }
}

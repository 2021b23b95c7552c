package dev.overtone.clarify.repository;

import static dev.overtone.clarify.support.SavedEntities.assertOnePerDialogue;
import static dev.overtone.clarify.support.SavedEntities.assertReadsBackAsSaved;

import dev.overtone.clarify.support.DialogueRows;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** A reading's row on the real PostgreSQL: every field as saved (its SQL in sql_text), one reading per position of a dialogue. */
@QuarkusTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class CandidateEntityTest {

    @Test
    void everyFieldReadsBackAsSaved() throws Throwable {
        assertReadsBackAsSaved(session -> DialogueRows.candidate(session, 1), candidate -> candidate.id);
    }

    @Test
    void twoReadingsOfOneDialogueCannotTakeOnePositionButAnotherDialoguesCan() throws Throwable {
        // a variable's codes are indexed by the readings' positions: two readings at one would make them ambiguous
        assertOnePerDialogue(session -> DialogueRows.candidate(session, 0), "clarify_candidate_session_id_ordinal_key");
    }
}

package dev.overtone.clarify.repository;

import static dev.overtone.clarify.support.SavedEntities.assertOnePerDialogue;
import static dev.overtone.clarify.support.SavedEntities.assertReadsBackAsSaved;

import dev.overtone.clarify.support.DialogueRows;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * A turn's row on the real PostgreSQL: an answered question and a resolution each read back as saved, with the other
 * kind's columns empty or at their defaults (a question remembers no choices: "[]"); one turn per number, which a racing
 * answer loses on.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class TurnEntityTest {

    @Test
    void anAnsweredQuestionAndAResolutionReadBackAsSavedEachWithTheOtherKindsColumnsEmpty() throws Throwable {
        assertReadsBackAsSaved(session -> DialogueRows.answeredQuestion(session, 1), turn -> turn.id);
        assertReadsBackAsSaved(session -> DialogueRows.resolution(session, 2), turn -> turn.id);
    }

    @Test
    void aSecondTurnOfTheSameNumberIsRefusedAsTheLoserOfARaceIs() throws Throwable {
        assertOnePerDialogue(session -> DialogueRows.answeredQuestion(session, 2), "clarify_turn_session_id_number_key");
    }
}

package dev.overtone.clarify.repository;

import static dev.overtone.clarify.support.SavedEntities.assertReadsBackAsSaved;

import dev.overtone.clarify.support.DialogueRows;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** A decision variable's row on the real PostgreSQL: every field as saved, its pivot term (added by V2) included. */
@QuarkusTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class VariableEntityTest {

    @Test
    void everyFieldReadsBackAsSaved() throws Throwable {
        assertReadsBackAsSaved(DialogueRows::variable, variable -> variable.id);
    }
}

package dev.overtone.clarify.repository;

import static dev.overtone.clarify.support.SavedEntities.assertReadsBackAsSaved;
import static dev.overtone.clarify.support.SavedEntities.readBack;
import static dev.overtone.clarify.support.SavedEntities.save;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.DialogueRows;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * A decision variable's row on the real PostgreSQL: every field as saved, its pivot term (added by V2) included, and
 * the column's default for a variable built without one.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class VariableEntityTest {

    @Test
    void everyFieldReadsBackAsSaved() throws Throwable {
        assertReadsBackAsSaved(DialogueRows::variable, variable -> variable.id);
    }

    @Test
    void aVariableBuiltWithoutAPivotTermIsStoredWithAnEmptyOne() throws Throwable {
        SessionEntity session = DialogueRows.session();
        VariableEntity full = DialogueRows.variable(session.id);
        VariableEntity variable = new VariableEntity();
        variable.id = full.id;
        variable.sessionId = full.sessionId;
        variable.variableId = full.variableId;
        variable.paths = full.paths;
        variable.clause = full.clause;
        variable.codes = full.codes;
        variable.valueKeys = full.valueKeys;
        variable.valueLabels = full.valueLabels;
        variable.valueTerms = full.valueTerms;
        variable.status = full.status;

        save(session, variable);

        assertThat(readBack(VariableEntity.class, variable.id).pivotTerm).isEmpty();
    }
}

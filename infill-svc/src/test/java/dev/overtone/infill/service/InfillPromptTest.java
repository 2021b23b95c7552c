package dev.overtone.infill.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.runtime.llm.SchemaPromptText;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The infilling prompt: the database, the question and the readings found so far, numbered. */
class InfillPromptTest {
    private static final Schema SCHEMA = Schema.newBuilder().addTables(Table.newBuilder().setName("hotels")).build();

    @Test
    void theReadingsFoundAreNumberedInTheirWordsOrElseByTheirSql() {
        String prompt = InfillPrompt.of(SCHEMA, "Which hotels are best?", List.of(
                Reading.newBuilder().setText("  hotels with five stars ").setSql("SELECT 1").build(),
                Reading.newBuilder().setText(" ").setSql(" SELECT name FROM hotels ORDER BY score DESC\n").build()));
        assertThat(prompt).contains("""
                Interpretations already found:
                1. hotels with five stars
                2. the reading computed by: SELECT name FROM hotels ORDER BY score DESC

                Write the missing interpretations""");
    }

    @Test
    void withoutReadingsThePromptSaysNone() {
        assertThat(InfillPrompt.of(SCHEMA, "q", List.of())).contains("Interpretations already found:\n(none)\n\nWrite");
    }

    @Test
    void theDatabaseIsTheSharedSchemaTextAndTheQuestionFollowsIt() {
        String prompt = InfillPrompt.of(SCHEMA, "Which hotels are best?", List.of());
        assertThat(prompt).contains("The database:\n" + SchemaPromptText.of(SCHEMA) + "\nThe question: Which hotels are best?\n");
        assertThat(prompt).contains("\"All possible interpretations are covered.\"");
    }
}

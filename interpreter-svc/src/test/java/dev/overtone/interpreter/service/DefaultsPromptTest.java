package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.runtime.llm.SchemaPromptText;
import org.junit.jupiter.api.Test;

/** The defaults prompt: the rules that make one interpretation a line, then the database as both prompts show it, the question last. */
class DefaultsPromptTest {
    private static final Schema HOTELS = Schema.newBuilder().setDialect("sqlite").addTables(Table.newBuilder().setName("hotels")
            .addColumns(Column.newBuilder().setName("name").setDeclaredType("TEXT"))
            .addColumns(Column.newBuilder().setName("stars").setDeclaredType("INTEGER"))).build();

    @Test
    void theDatabaseIsShownAsTheSharedSchemaTextAndTheQuestionComesLast() {
        String prompt = DefaultsPrompt.of(HOTELS, "Return the rating of each hotel.");

        assertThat(prompt).contains("The database:\n" + SchemaPromptText.of(HOTELS) + "\nThe question:\n");
        assertThat(prompt).endsWith("The question:\nReturn the rating of each hotel.\n");
    }

    @Test
    void itAsksForOneInterpretationPerLineWithoutExplanations() {
        String prompt = DefaultsPrompt.of(HOTELS, "Return the rating of each hotel.");

        assertThat(prompt).contains("- One interpretation per line.", "- No explanations, no reasoning, no headings.");
        assertThat(prompt.indexOf("Rules:")).isLessThan(prompt.indexOf("The database:"));
    }
}

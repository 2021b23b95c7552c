package dev.overtone.infill.service;

import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Schema;
import dev.overtone.runtime.llm.SchemaPromptText;

import java.util.List;

/**
 * The infilling prompt, after the paper's appendix D in our words.
 * The database in it is runtime's {@link SchemaPromptText}, the same text in both prompts that show one.
 */
public final class InfillPrompt {
    private InfillPrompt() {
    }

    public static String of(Schema schema, String question, List<Reading> readings) {
        StringBuilder existing = new StringBuilder();
        int n = 0;
        for (Reading r : readings) {
            String text = r.getText().isBlank() ? "the reading computed by: " + r.getSql().strip() : r.getText().strip();
            existing.append(++n).append(". ").append(text).append('\n');
        }
        return """
                Look at the database, the question and the interpretations already found, and decide whether any
                interpretation of the question is missing. If some are missing, write each missing one on its own
                line, with no explanation. If the interpretations already found cover every meaning, answer only:
                "All possible interpretations are covered."

                The database:
                %s
                The question: %s

                Interpretations already found:
                %s
                Write the missing interpretations, or say that all possible interpretations are covered.
                """.formatted(SchemaPromptText.of(schema), question, existing.length() == 0 ? "(none)\n" : existing);
    }
}

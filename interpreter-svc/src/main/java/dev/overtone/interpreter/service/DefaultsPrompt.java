package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Schema;
import dev.overtone.runtime.llm.SchemaPromptText;

/**
 * The zero-shot prompt for default interpretations, after the paper's appendix C in our words.
 * The database in it is runtime's {@link SchemaPromptText}, the same text in both prompts that show one.
 */
public final class DefaultsPrompt {
    private DefaultsPrompt() {
    }

    public static String of(Schema schema, String question) {
        return """
                You read questions that people ask about a database. A question may have one meaning or several.

                What to do:
                - Write down every different way the question can be understood.
                - Think of every meaning, not only the obvious one.
                - Two lines must differ in meaning (which columns, tables, grouping or scope), not only in wording.

                Rules:
                - One interpretation per line.
                - No explanations, no reasoning, no headings.
                - Word each interpretation precisely enough to be written as one SQL query.

                The database:
                %s
                The question:
                %s
                """.formatted(SchemaPromptText.of(schema), question);
    }
}

package dev.overtone.interpreter.service;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.proto.v1.Schema;
import dev.overtone.runtime.embedding.MiniLm;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/**
 * The evidence a question cannot be answered: the schema has nothing for any content term of it, neither by
 * spelling (QuestionTerms grounds none: no name, part of a name or sample value, no measure word a numeric
 * column can mean) nor by meaning (no table or column name comes within {@code unanswerable.min-similarity} of
 * any of them, SchemaMeaning). One term the schema lacks is no such evidence: answerable questions name values
 * the schema's samples do not show ("Wyman") and misspell ("benifit"). Function words and the vocabulary of
 * asking never count (ContentWords). Without this evidence no answer says "unanswerable".
 */
@ApplicationScoped
public class AbsentTerms {
    @Inject
    InterpreterConfig config;

    /** Cheap to make: its model loads on first use. */
    private final SchemaMeaning meaning = new SchemaMeaning(MiniLm::load, 20_000);

    /** Every content term, when the schema has nothing for any of them; else (and with no content term) empty. */
    public List<String> of(List<QuestionTerms.Term> terms, Schema schema) {
        List<String> absent = new ArrayList<>();
        for (QuestionTerms.Term term : terms) {
            List<String> content = ContentWords.of(term.text());
            if (content.isEmpty()) {
                continue;
            }
            if (term.grounding() != QuestionTerms.Grounding.NONE
                    || meaning.closest(String.join(" ", content), schema) >= config.unanswerable().minSimilarity()) {
                return List.of();
            }
            absent.add(term.text());
        }
        return absent;
    }
}

package dev.overtone.interpreter.service;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.overtone.runtime.embedding.CachedVectors;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

/**
 * How close a phrase comes in meaning to anything a schema names: the largest cosine of its MiniLM vector to the
 * vectors of the schema's table and column names, each read as words ({@code Wellness_Retreat} is "wellness
 * retreat", {@code programName} "program name"). The model is loaded on first use; vectors are cached per text.
 */
public final class SchemaMeaning {
    private final CachedVectors vectors;

    public SchemaMeaning(Supplier<EmbeddingModel> loader, int maxCached) {
        this.vectors = new CachedVectors(loader, maxCached);
    }

    /** The largest cosine of the phrase to a name of the schema; 0 for a schema without names. */
    public double closest(String phrase, Schema schema) {
        float[] p = vectors.of(phrase);
        double best = 0;
        for (String name : names(schema)) {
            best = Math.max(best, CachedVectors.cosine(p, vectors.of(name)));
        }
        return best;
    }

    /** The schema's table and column names as words, each once. */
    public static List<String> names(Schema schema) {
        Set<String> out = new LinkedHashSet<>();
        for (Table t : schema.getTablesList()) {
            out.add(words(t.getName()));
            for (Column c : t.getColumnsList()) {
                out.add(words(c.getName()));
            }
        }
        out.remove("");
        return new ArrayList<>(out);
    }

    /** A name read as lower-case words: split at non-letters and camelCase boundaries. */
    public static String words(String name) {
        List<String> parts = new ArrayList<>();
        for (String piece : QuestionTerms.NOT_LETTER_OR_DIGIT.split(name)) {
            parts.addAll(Arrays.asList(QuestionTerms.CAMEL_CASE_BOUNDARY.split(piece)));
        }
        return String.join(" ", parts.stream().filter(p -> !p.isEmpty()).map(p -> p.toLowerCase(Locale.ROOT)).toList());
    }
}

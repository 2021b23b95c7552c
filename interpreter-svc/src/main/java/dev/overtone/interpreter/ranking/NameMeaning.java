package dev.overtone.interpreter.ranking;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.overtone.interpreter.service.ContentWords;
import dev.overtone.interpreter.service.QuestionTerms;
import dev.overtone.interpreter.service.SchemaMeaning;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.runtime.embedding.CachedVectors;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How well a schema name fits the question in meaning: the largest MiniLM cosine of the name, read as words
 * ({@code Side_Effects} is "side effects"), to a phrase of the question (each of its content words, and each two
 * that stand side by side in it). Spelling is not needed: "background" fits {@code education} and {@code experience} by
 * meaning alone. The model loads on first use; vectors are cached per text, so a schema's names are embedded once.
 */
public final class NameMeaning {
    /** No meaning at all: every name fits 0 (for callers without the model). */
    public static final NameFit NONE = name -> 0.0;

    private final CachedVectors vectors;

    public NameMeaning(Supplier<EmbeddingModel> loader, int maxCached) {
        this.vectors = new CachedVectors(loader, maxCached);
    }

    /**
     * The fit of each name of the schema (by its lower-case name, as {@link ReadingStructure#names()} has it) to this
     * question; 0 for a name the schema lacks or a question without content words. Embeds only what is asked for.
     */
    public NameFit fit(String question, List<QuestionTerms.Term> terms, Schema schema) {
        List<String> phrases = phrases(question, terms);
        if (phrases.isEmpty()) {
            return NONE;
        }
        Map<String, String> words = namesAsWords(schema);
        Map<String, Closest> closest = new HashMap<>();
        Function<String, Closest> of = name -> closest.computeIfAbsent(name, n -> {
            String w = words.get(n);
            if (w == null || w.isEmpty()) {
                return Closest.NOTHING;
            }
            float[] v = vectors.of(w);
            Closest best = Closest.NOTHING;
            for (String p : phrases) {
                double cosine = CachedVectors.cosine(v, vectors.of(p));
                if (cosine > best.fit()) {
                    best = new Closest(p, cosine);
                }
            }
            return best;
        });
        return new NameFit() {
            @Override
            public double applyAsDouble(String name) {
                return of.apply(name).fit();
            }

            @Override
            public String closestPhrase(String name) {
                return of.apply(name).phrase();
            }
        };
    }

    /** A name's best-fitting question phrase and its cosine. */
    private record Closest(String phrase, double fit) {
        static final Closest NOTHING = new Closest(null, 0.0);
    }

    /**
     * The question's content words (those of its terms, {@link ContentWords}) alone, and each two that stand side by
     * side in the question ("side effects"), each once, in order.
     */
    static List<String> phrases(String question, List<QuestionTerms.Term> terms) {
        Set<String> content = new HashSet<>();
        terms.forEach(t -> content.addAll(ContentWords.of(t.text())));
        Set<String> out = new LinkedHashSet<>();
        String previous = null;
        for (String w : QuestionTerms.NOT_LETTER_OR_DIGIT.split(question.toLowerCase(Locale.ROOT))) {
            boolean isContent = content.contains(w);
            if (isContent) {
                out.add(w);
                if (previous != null) {
                    out.add(previous + " " + w);
                }
            }
            previous = isContent ? w : null;
        }
        return new ArrayList<>(out);
    }

    private static Map<String, String> namesAsWords(Schema schema) {
        Map<String, String> out = new HashMap<>();
        for (Table t : schema.getTablesList()) {
            out.put(t.getName().toLowerCase(Locale.ROOT), SchemaMeaning.words(t.getName()));
            for (Column c : t.getColumnsList()) {
                out.put(c.getName().toLowerCase(Locale.ROOT), SchemaMeaning.words(c.getName()));
            }
        }
        return out;
    }
}

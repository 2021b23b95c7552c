package dev.overtone.interpreter.service;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * How close a phrase comes in meaning to anything a schema names: the largest cosine of its MiniLM vector to the
 * vectors of the schema's table and column names, each read as words ({@code Wellness_Retreat} is "wellness
 * retreat", {@code programName} "program name"). The model is loaded on first use; vectors are cached per text.
 */
public final class SchemaMeaning {
    private final Supplier<EmbeddingModel> loader;
    private volatile EmbeddingModel model;
    private final Map<String, float[]> cache = new ConcurrentHashMap<>();
    private final int maxCached;

    public SchemaMeaning(Supplier<EmbeddingModel> loader, int maxCached) {
        this.loader = loader;
        this.maxCached = maxCached;
    }

    /** The largest cosine of the phrase to a name of the schema; 0 for a schema without names. */
    public double closest(String phrase, Schema schema) {
        float[] p = vector(phrase);
        double best = 0;
        for (String name : names(schema)) {
            best = Math.max(best, cosine(p, vector(name)));
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
    static String words(String name) {
        List<String> parts = new ArrayList<>();
        for (String piece : QuestionTerms.NOT_LETTER_OR_DIGIT.split(name)) {
            parts.addAll(Arrays.asList(QuestionTerms.CAMEL_CASE_BOUNDARY.split(piece)));
        }
        return String.join(" ", parts.stream().filter(p -> !p.isEmpty()).map(p -> p.toLowerCase(Locale.ROOT)).toList());
    }

    private float[] vector(String text) {
        float[] v = cache.get(text);
        if (v != null) {
            return v;
        }
        v = model().embed(text).content().vector();
        if (cache.size() >= maxCached) {
            cache.clear();
        }
        cache.put(text, v);
        return v;
    }

    private EmbeddingModel model() {
        EmbeddingModel m = model;
        if (m == null) {
            synchronized (this) {
                if (model == null) {
                    model = loader.get();
                }
                m = model;
            }
        }
        return m;
    }

    private static double cosine(float[] x, float[] y) {
        double dot = 0, nx = 0, ny = 0;
        for (int i = 0; i < x.length; i++) {
            dot += x[i] * y[i];
            nx += x[i] * x[i];
            ny += y[i] * y[i];
        }
        return nx == 0 || ny == 0 ? 0 : dot / Math.sqrt(nx * ny);
    }
}

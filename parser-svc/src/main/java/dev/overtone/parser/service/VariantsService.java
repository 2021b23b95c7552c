package dev.overtone.parser.service;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.variants.Variant;
import dev.overtone.parser.variants.VariantGenerator;
import dev.overtone.parser.config.ParserConfig;
import dev.overtone.proto.v1.Schema;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Set;

/** The structural infiller, with the embedding model plugged in as configured. */
@ApplicationScoped
public class VariantsService {

    private final VariantGenerator generator;
    private final NameSimilarity similarity;
    private final int defaultMax;

    public VariantsService(ParserConfig config) {
        NameSimilarity similarity = config.variants().embeddings()
                ? new EmbeddingNameSimilarity(config.variants().embeddingCacheSize()) : NameSimilarity.LEXICAL_ONLY;
        this.similarity = similarity;
        this.generator = new VariantGenerator(similarity);
        this.defaultMax = config.variants().defaultMax();
    }

    /** The name closeness in use (MiniLM when configured), shared with the SQL repairs. */
    public NameSimilarity similarity() {
        return similarity;
    }

    public List<Variant> variants(String sql, Schema schema, String question, int max, Set<String> families) {
        return generator.generate(sql, SchemaIndex.of(schema), question, max <= 0 ? defaultMax : max, families);
    }
}

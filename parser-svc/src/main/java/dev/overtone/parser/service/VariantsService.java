package dev.overtone.parser.service;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlAnalyzer;
import dev.overtone.parser.analysis.SqlSyntaxException;
import dev.overtone.parser.variants.Variant;
import dev.overtone.parser.variants.VariantGenerator;
import dev.overtone.parser.config.ParserConfig;
import dev.overtone.proto.v1.Schema;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The structural infiller, with the embedding model plugged in as configured. */
@ApplicationScoped
public class VariantsService {

    private final SqlAnalyzer analyzer = new SqlAnalyzer();
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

    /** One source of a batch: its canonical SQL and variants, or why it does not parse. */
    public record SourceVariants(String canonicalSql, List<Variant> variants, String error) {
    }

    /**
     * Variants of many SQLs against one schema and question: the schema is indexed once and each source
     * analysed once (its canonical form comes back with its variants). A source that does not parse gets
     * its error; an unknown family fails the whole batch (IllegalArgumentException).
     */
    public List<SourceVariants> variants(List<String> sqls, Schema schema, String question, int max, Set<String> families) {
        VariantGenerator.checkFamilies(families);
        SchemaIndex index = SchemaIndex.of(schema);
        int limit = max <= 0 ? defaultMax : max;
        List<SourceVariants> out = new ArrayList<>(sqls.size());
        for (String sql : sqls) {
            Analysis source;
            try {
                source = analyzer.analyze(sql, index);
            } catch (SqlSyntaxException e) {
                out.add(new SourceVariants("", List.of(), e.getMessage()));
                continue;
            }
            out.add(new SourceVariants(source.canonicalSql(), generator.generate(sql, source, index, question, limit, families), ""));
        }
        return out;
    }
}

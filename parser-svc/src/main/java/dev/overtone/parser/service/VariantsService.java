package dev.overtone.parser.service;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.ParsedQueries;
import dev.overtone.parser.analysis.SqlSyntaxException;
import dev.overtone.parser.variants.PartsCombiner;
import dev.overtone.parser.variants.Variant;
import dev.overtone.parser.variants.VariantGenerator;
import dev.overtone.parser.config.ParserConfig;
import dev.overtone.proto.v1.Schema;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The structural infiller, with the embedding model plugged in as configured. */
@ApplicationScoped
public class VariantsService {

    private final VariantGenerator generator;
    private final PartsCombiner combiner;
    private final NameSimilarity similarity;
    private final int defaultMax;
    private final int maxCombinations;

    public VariantsService(ParserConfig config) {
        NameSimilarity similarity = config.variants().embeddings()
                ? new EmbeddingNameSimilarity(config.variants().embeddingCacheSize()) : NameSimilarity.LEXICAL_ONLY;
        this.similarity = similarity;
        this.generator = new VariantGenerator(similarity);
        this.combiner = new PartsCombiner(similarity);
        this.defaultMax = config.variants().defaultMax();
        this.maxCombinations = config.variants().maxCombinations();
    }

    /** The name closeness in use (MiniLM when configured), shared with the SQL repairs. */
    public NameSimilarity similarity() {
        return similarity;
    }

    public List<Variant> variants(String sql, Schema schema, String question, int max, Set<String> families) {
        return generator.generate(sql, SchemaIndex.of(schema), question, max <= 0 ? defaultMax : max, families);
    }

    /** One source of a batch: its analysis (canonical SQL and slots) and variants, or why it does not parse (analysis null). */
    public record SourceVariants(Analysis analysis, List<Variant> variants, String error) {

        SourceVariants with(List<Variant> more) {
            if (more.isEmpty()) return this;
            List<Variant> all = new ArrayList<>(variants);
            all.addAll(more);
            return new SourceVariants(analysis, all, error);
        }
    }

    /**
     * Variants of many SQLs against one schema and question: the schema is indexed once, each source
     * analysed once (its analysis comes back with its variants), a source given twice worked out
     * once, and a candidate that several sources share analysed once. The batch's combinations of two
     * sources, or of a source and one of the {@code partners} (readings not to vary), follow the variants
     * of the source ({@link PartsCombiner}). A source that does not parse gets its error; an unknown family
     * fails the whole batch (IllegalArgumentException).
     */
    public List<SourceVariants> variants(List<String> sqls, List<String> partners, Schema schema, String question, int max,
                                         Set<String> families) {
        VariantGenerator.checkFamilies(families);
        ParsedQueries parsed = new ParsedQueries(SchemaIndex.of(schema));
        int limit = max <= 0 ? defaultMax : max;
        Map<String, SourceVariants> bySql = new HashMap<>();
        List<SourceVariants> out = new ArrayList<>(sqls.size());
        for (String sql : sqls) out.add(bySql.computeIfAbsent(sql, s -> variants(s, parsed, question, limit, families)));
        if (VariantGenerator.wanted(families, Variant.COMBINATION)) {
            List<String> parts = new ArrayList<>(sqls);
            parts.addAll(partners);
            List<List<Variant>> combinations = combiner.combine(parts, sqls.size(), parsed, question, maxCombinations);
            for (int i = 0; i < out.size(); i++) out.set(i, out.get(i).with(combinations.get(i)));
        }
        return out;
    }

    private SourceVariants variants(String sql, ParsedQueries parsed, String question, int max, Set<String> families) {
        Analysis source;
        try {
            source = parsed.analyze(sql);
        } catch (SqlSyntaxException e) {
            return new SourceVariants(null, List.of(), e.getMessage());
        }
        return new SourceVariants(source, generator.generate(sql, parsed, question, max, families), "");
    }
}

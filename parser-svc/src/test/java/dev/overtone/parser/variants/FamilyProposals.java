package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.ParsedQueries;
import dev.overtone.parser.analysis.SchemaIndex;
import java.util.List;

/** What one variant family proposes for a query, called directly: its raw proposals, before the generator vets them; and the context it gets. */
final class FamilyProposals {
    private FamilyProposals() {
    }

    static List<Variant> of(VariantFamily family, String sql, SchemaIndex schema, String question) {
        return family.propose(context(sql, schema, question));
    }

    /**
     * What the family proposes on {@link VariantGeneratorTest#partitioned()}: players with a one-to-one player_stats
     * extension, members whose average rating per team the teams table holds.
     */
    static List<Variant> onPartitioned(VariantFamily family, String sql, String question) {
        return of(family, sql, VariantGeneratorTest.partitioned(), question);
    }

    /** The context a family gets for the query, as the generator builds it, with names compared by their words only. */
    static VariantContext context(String sql, SchemaIndex schema, String question) {
        ParsedQueries.Parsed base = new ParsedQueries(schema).parsed(sql);
        return new VariantContext(sql, schema, question, base.analysis(), NameSimilarity.LEXICAL_ONLY, base.tree());
    }

    static List<String> sqls(VariantFamily family, String sql, SchemaIndex schema, String question) {
        return of(family, sql, schema, question).stream().map(Variant::sql).toList();
    }
}

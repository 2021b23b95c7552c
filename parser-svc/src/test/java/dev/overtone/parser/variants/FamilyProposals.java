package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.ParsedQueries;
import dev.overtone.parser.analysis.SchemaIndex;
import java.util.List;

/** What one variant family proposes for a query, called directly: its raw proposals, before the generator vets them. */
final class FamilyProposals {
    private FamilyProposals() {
    }

    static List<Variant> of(VariantFamily family, String sql, SchemaIndex schema, String question) {
        ParsedQueries.Parsed base = new ParsedQueries(schema).parsed(sql);
        return family.propose(new VariantContext(sql, schema, question, base.analysis(), NameSimilarity.LEXICAL_ONLY,
                base.tree()));
    }

    static List<String> sqls(VariantFamily family, String sql, SchemaIndex schema, String question) {
        return of(family, sql, schema, question).stream().map(Variant::sql).toList();
    }
}

package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.ParsedQueries;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlLexer;
import dev.overtone.parser.analysis.SqlSyntaxException;
import dev.overtone.parser.analysis.SqlToken;
import dev.overtone.parser.dialect.DialectRewriter;
import dev.overtone.runtime.grpc.ContractNames;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The structural infiller: rewrites a SQL into the SQL other readings of its question would give.
 * Families are general rules over schema, keys, types, names and values; output is ranked by fit
 * to the question, deduplicated by canonical form (alias-independent slot values) and bounded.
 */
public final class VariantGenerator {

    public static final int DEFAULT_MAX = 8;

    private final NameSimilarity similarity;
    private static final Map<String, VariantFamily> FAMILIES = families();
    /** The names a request may use: the contract's {@code VariantFamily}, which this generator makes exactly. */
    static final ContractNames CONTRACT_FAMILIES = ContractNames.of("families", "variant family", dev.overtone.proto.v1.VariantFamily.values());

    public VariantGenerator(NameSimilarity similarity) {
        this.similarity = similarity == null ? NameSimilarity.LEXICAL_ONLY : similarity;
    }

    /** The families by name, in the order they propose. */
    static Map<String, VariantFamily> families() {
        Map<String, VariantFamily> families = new LinkedHashMap<>();
        families.put(Variant.ATTACHMENT, new AttachmentFamily());
        families.put(Variant.SCOPE, new ScopeFamily());
        families.put(Variant.COLUMN, new ColumnFamily());
        families.put(Variant.TABLE, new TableFamily());
        families.put(Variant.JOIN, new JoinFamily());
        families.put(Variant.AGGREGATE, new AggregateFamily());
        families.put(Variant.PROJECTION, new ProjectionFamily());
        return families;
    }

    public List<Variant> generate(String sql, SchemaIndex schema, String question, int max, Set<String> only) {
        SchemaIndex s = schema == null ? SchemaIndex.EMPTY : schema;
        checkFamilies(only);
        return generate(sql, new ParsedQueries(s), question, max, only);
    }

    /** Whether a request that asks for {@code only} these families (all when null or empty) wants {@code family}. */
    public static boolean wanted(Set<String> only, String family) {
        return only == null || only.isEmpty() || only.contains(family);
    }

    /** IllegalArgumentException naming the families when {@code only} holds another name than the contract's. */
    public static void checkFamilies(Set<String> only) {
        CONTRACT_FAMILIES.check(only == null ? Set.of() : only);
    }

    /**
     * Variants of a SQL, parsed and analysed through the request's {@code parsed} queries (with their
     * schema), so a batch parses each source once and a candidate that several sources share once.
     * Each variant's SQL is its canonical form, and it carries its analysis. SqlSyntaxException when the SQL does not parse.
     */
    public List<Variant> generate(String sql, ParsedQueries parsed, String question, int max, Set<String> only) {
        SchemaIndex s = parsed.schema();
        Analysis original = parsed.analyze(sql);
        List<Variant> candidates = new ArrayList<>();
        String parsable = DialectRewriter.parsable(sql, s);
        String stored = storedCasing(parsable, s);
        if (!stored.equals(parsable)) {
            sql = stored;
            candidates.add(new Variant(stored, Variant.COLUMN, "where", "the values written as the database stores them", 0.9));
        }
        ParsedQueries.Parsed base = parsed.parsed(sql);
        VariantContext ctx = new VariantContext(sql, s, question, base.analysis(), similarity, base.tree());
        for (Map.Entry<String, VariantFamily> family : FAMILIES.entrySet()) {
            if (!wanted(only, family.getKey())) continue;
            try {
                candidates.addAll(family.getValue().propose(ctx));
            } catch (SqlSyntaxException | UnsupportedOperationException | ClassCastException | IndexOutOfBoundsException e) {
                // a family that cannot handle this shape of query proposes nothing
            }
        }
        candidates.sort(Comparator.comparingDouble(Variant::score).reversed());
        Set<String> seen = new HashSet<>();
        seen.add(fingerprint(original));
        List<Variant> out = new ArrayList<>();
        int limit = max <= 0 ? DEFAULT_MAX : max;
        for (Variant v : candidates) {
            if (out.size() >= limit) break;
            Analysis a;
            try {
                a = v.rewritten() == null ? parsed.analyze(v.sql()) : parsed.analyze(v.sql(), v.rewritten());
            } catch (SqlSyntaxException e) {
                continue;
            }
            if (!s.isEmpty() && !a.unknownNames().isEmpty()) continue;
            if (!seen.add(fingerprint(a))) continue;
            out.add(v.analysed(a));
        }
        return out;
    }

    /** String literals re-cased to a sample value that differs only in case ('screenwriter' -> 'Screenwriter'). */
    static String storedCasing(String sql, SchemaIndex schema) {
        if (schema.isEmpty()) return sql;
        StringBuilder out = new StringBuilder();
        boolean changed = false;
        for (SqlToken t : SqlLexer.tokenize(sql)) {
            if (t.kind() == SqlToken.Kind.STRING) {
                String v = t.unquoted();
                String stored = schema.storedValue(v);
                if (stored != null && !stored.equals(v)) {
                    out.append('\'').append(stored.replace("'", "''")).append('\'');
                    changed = true;
                    continue;
                }
            }
            out.append(t.text());
        }
        return changed ? out.toString() : sql;
    }

    /** Alias-independent identity of a query: its slots' paths and values. */
    static String fingerprint(Analysis a) {
        StringBuilder b = new StringBuilder();
        for (Analysis.SlotValue s : a.slots()) b.append(s.path()).append('=').append(s.value()).append('\n');
        return b.toString();
    }
}

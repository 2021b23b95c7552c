package dev.overtone.interpreter.ranking;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the ranking reads off a SQL string without parsing it: its words (identifiers and keywords,
 * lower case, quotes removed), its quoted tokens and its join count. Lexical on purpose: the same
 * definition is re-implemented by the offline fitting tool, and any dialect reads the same.
 */
public record SqlShape(List<String> words, List<String> quoted, int joins) {

    private static final Pattern TOKEN = Pattern.compile(
            "'((?:[^']|'')*)'|\"((?:[^\"]|\"\")*)\"|`([^`]*)`|\\[([^\\]]*)]|([A-Za-z_][A-Za-z0-9_]*)");

    /** SQL keywords and functions: structure, not content (used by the diversity measure). */
    static final Set<String> KEYWORDS = Set.of("select", "from", "where", "and", "or", "not", "join", "inner",
            "left", "right", "outer", "cross", "on", "as", "group", "by", "order", "having", "limit", "offset",
            "distinct", "asc", "desc", "in", "is", "null", "like", "between", "union", "all", "case", "when",
            "then", "else", "end", "exists", "count", "sum", "avg", "min", "max", "using", "natural", "with",
            "intersect", "except", "cast", "round", "lower", "upper", "coalesce", "ifnull", "julianday", "abs");

    public static SqlShape of(String sql) {
        List<String> words = new ArrayList<>();
        List<String> quoted = new ArrayList<>();
        int joins = 0;
        Matcher m = TOKEN.matcher(sql == null ? "" : sql);
        while (m.find()) {
            if (m.group(1) != null) {
                quoted.add(m.group(1).replace("''", "'"));
            } else if (m.group(2) != null) {
                // SQLite reads "x" as a name when one exists, else as a string: keep it both ways.
                String v = m.group(2).replace("\"\"", "\"");
                quoted.add(v);
                words.add(v.toLowerCase(Locale.ROOT));
            } else if (m.group(3) != null || m.group(4) != null) {
                words.add((m.group(3) != null ? m.group(3) : m.group(4)).toLowerCase(Locale.ROOT));
            } else {
                String w = m.group(5).toLowerCase(Locale.ROOT);
                words.add(w);
                if (w.equals("join")) {
                    joins++;
                }
            }
        }
        return new SqlShape(words, quoted, joins);
    }

    /** The content words (names and literals, lower case, no keywords): what two readings share when they mean similar things. */
    public Set<String> contentWords() {
        Set<String> out = new LinkedHashSet<>();
        for (String w : words) {
            if (!KEYWORDS.contains(w)) {
                out.add(w);
            }
        }
        for (String q : quoted) {
            out.add(q.toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /** Jaccard similarity of two readings' content words (1 for two empty sets). */
    public static double similarity(Set<String> a, Set<String> b) {
        if (a.isEmpty() && b.isEmpty()) {
            return 1.0;
        }
        int common = 0;
        for (String w : a) {
            if (b.contains(w)) {
                common++;
            }
        }
        return (double) common / (a.size() + b.size() - common);
    }
}

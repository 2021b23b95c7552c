package dev.overtone.bench.report;

import java.util.List;
import java.util.Set;

/**
 * Published figures of Saparina &amp; Lapata, "Disambiguate First, Parse Later" (ACL 2025), in percent.
 * The paper reports totals only (no per-type breakdown) and on test splits, not on our dev sets:
 * they are reference points, not like-for-like comparisons.
 */
public final class PaperFigures {

    /** One published row. {@code null} where the paper gives no number. */
    public record Row(String system, String source, Double single, Double full, Double recall, Double precision) {
    }

    /** Which published figures sit beside a data set's numbers. */
    public record Set_(String dataset, List<Row> ambiguous, List<Row> unambiguous) {
    }

    private static final Set_ AMBROSIA = new Set_("Ambrosia", List.of(
            new Row("DFPL: Interp. Prompt (Llama-3.1-8B)", "Table 1, Ambrosia test", 81.9, 16.9, 49.0, 29.1),
            new Row("DFPL: Ours (infilling, trained on AmbiQT)", "Table 1, Ambrosia test", 84.4, 18.8, 51.9, 24.2),
            new Row("DFPL: Ours (infilling, trained on Ambrosia*)", "Table 8, Ambrosia* test", 87.8, 30.5, 59.7, 26.3),
            new Row("DFPL: Text-to-SQL FT (Ambrosia*)", "Table 8, Ambrosia* test", 77.1, 66.4, 71.6, 73.3),
            new Row("DFPL: Gemma-2-9B defaults", "Table 2, Ambrosia test", null, 2.9, null, null),
            new Row("DFPL: Gemma-2-9B defaults + infilling", "Table 2, Ambrosia test", null, 5.3, null, null)),
            List.of(
                    new Row("DFPL: Interp. Prompt", "Table 5, Ambrosia test (unambiguous)", null, 75.1, null, null),
                    new Row("DFPL: Ours", "Table 5, Ambrosia test (unambiguous)", null, 77.9, null, null)));

    private static final Set_ AMBIQT = new Set_("AmbiQT", List.of(
            new Row("DFPL: Interp. Prompt (Llama-3.1-8B)", "Table 1, AmbiQT test", 81.8, 26.0, 53.4, 31.8),
            new Row("DFPL: Ours (infilling)", "Table 1, AmbiQT test", 92.3, 53.2, 72.8, 38.2),
            new Row("DFPL: Gemma-2-9B defaults + infilling", "Table 2, AmbiQT test", null, 55.9, null, null)),
            List.of());

    private PaperFigures() {
    }

    /** The figures for a data set recognised by its ambiguity types; null when none apply. */
    public static Set_ forTypes(Set<String> types) {
        if (!types.isEmpty() && Set.of("scope", "attachment", "vague").containsAll(types)) {
            return AMBROSIA;
        }
        if (!types.isEmpty() && Set.of("C", "T", "J", "P").containsAll(types)) {
            return AMBIQT;
        }
        return null;
    }

    /** The headline row drawn in the chart: the paper's own system. */
    public static Row headline(Set_ set) {
        return set.ambiguous().stream().filter(r -> r.system().startsWith("DFPL: Ours")).findFirst().orElse(null);
    }
}

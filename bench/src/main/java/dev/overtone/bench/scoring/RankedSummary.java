package dev.overtone.bench.scoring;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How good the first readings of a system's answer are: full coverage of the first 1, 3 and 5 distinct
 * readings and of the shown ones, readings shown per question (ambiguous and unambiguous separately),
 * and how well the system's ambiguity score separates ambiguous from unambiguous questions (AUROC).
 */
public record RankedSummary(Map<String, Subset> subsets, double verdictAuroc) {

    /** The cut-offs reported. */
    public static final List<Integer> FIRST = List.of(1, 3, 5);

    /** Means over one subset, in percent except {@code meanShown}. */
    public record Subset(int n, Map<Integer, Double> fullOfFirst, double fullOfShown, double meanShown) {
    }

    /**
     * One example as the ranked figures see it.
     *
     * @param shown          readings the answer presents (the first ones)
     * @param ambiguityScore the system's score for "this question is ambiguous"
     */
    public record Ranked(boolean ambiguous, ExampleScore score, int shown, double ambiguityScore) {
    }

    public static RankedSummary of(List<Ranked> examples) {
        Map<String, Subset> subsets = new LinkedHashMap<>();
        for (String name : List.of(CoverageSummary.AMBIGUOUS, CoverageSummary.UNAMBIGUOUS)) {
            boolean flag = name.equals(CoverageSummary.AMBIGUOUS);
            List<Ranked> sel = examples.stream().filter(e -> e.ambiguous() == flag).toList();
            if (sel.isEmpty()) {
                continue;
            }
            Map<Integer, Double> first = new LinkedHashMap<>();
            for (int k : FIRST) {
                first.put(k, 100.0 * sel.stream().mapToDouble(e -> e.score().fullCoverageOfFirst(k)).average().orElse(0));
            }
            double ofShown = 100.0 * sel.stream().mapToDouble(e -> e.score().fullCoverageOfFirst(e.shown())).average().orElse(0);
            double shown = sel.stream().mapToInt(Ranked::shown).average().orElse(0);
            subsets.put(name, new Subset(sel.size(), first, ofShown, shown));
        }
        List<Auroc.Point> points = new ArrayList<>();
        examples.forEach(e -> points.add(new Auroc.Point(e.ambiguityScore(), e.ambiguous())));
        return new RankedSummary(subsets, Auroc.of(points));
    }

    /** {@code {"ambiguous": {"full_first_1", "full_first_3", "full_first_5", "full_shown", "mean_shown", "n"}, ..., "verdict_auroc"}}. */
    public Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        subsets.forEach((name, s) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            s.fullOfFirst().forEach((k, v) -> m.put("full_first_" + k, SubsetMetrics.round(v)));
            m.put("full_shown", SubsetMetrics.round(s.fullOfShown()));
            m.put("mean_shown", SubsetMetrics.round(s.meanShown()));
            m.put("n", s.n());
            out.put(name, m);
        });
        out.put("verdict_auroc", Double.isNaN(verdictAuroc) ? null : SubsetMetrics.round(verdictAuroc));
        return out;
    }
}

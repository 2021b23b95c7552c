package dev.overtone.bench.coverage;

import java.util.ArrayList;
import java.util.List;

import dev.overtone.bench.report.BarChart;
import dev.overtone.bench.report.PaperFigures;
import dev.overtone.bench.scoring.CoverageSummary;
import dev.overtone.bench.scoring.SubsetMetrics;

/** coverage.png: full coverage per ambiguity type and subset total, the defaults, Overtone and the paper's total side by side. */
final class CoverageChart {

    private CoverageChart() {
    }

    static BarChart of(Object examples, CoverageSummary baseline, CoverageSummary overtone, PaperFigures.Set_ paper) {
        List<String> categories = new ArrayList<>();
        List<SubsetMetrics> base = new ArrayList<>();
        List<SubsetMetrics> ours = new ArrayList<>();
        List<Double> paperValues = new ArrayList<>();
        PaperFigures.Row headline = paper == null ? null : PaperFigures.headline(paper);
        for (String subset : List.of(CoverageSummary.AMBIGUOUS, CoverageSummary.UNAMBIGUOUS)) {
            CoverageSummary.Subset b = baseline.subsets().get(subset);
            if (b == null) {
                continue;
            }
            String prefix = subset.equals(CoverageSummary.AMBIGUOUS) ? "amb " : "unamb ";
            for (String t : b.byType().keySet()) {
                categories.add(prefix + t);
                base.add(b.byType().get(t));
                ours.add(overtone == null ? null : overtone.subsets().get(subset).byType().get(t));
                paperValues.add(null);
            }
            categories.add(prefix + "total");
            base.add(b.total());
            ours.add(overtone == null ? null : overtone.subsets().get(subset).total());
            Double p = null;
            if (paper != null && subset.equals(CoverageSummary.AMBIGUOUS) && headline != null) {
                p = headline.full();
            } else if (paper != null && !paper.unambiguous().isEmpty()) {
                p = paper.unambiguous().get(paper.unambiguous().size() - 1).full();
            }
            paperValues.add(p);
        }
        BarChart chart = new BarChart("Full coverage by ambiguity type (" + examples + " examples)",
                "full coverage (%)", categories);
        chart.series("baseline (defaults)", base.stream().map(m -> m == null ? null : m.fullCoverage()).toList());
        if (overtone != null) {
            chart.series("Overtone", ours.stream().map(m -> m == null ? null : m.fullCoverage()).toList());
        }
        if (paper != null) {
            chart.series("paper: DFPL system, published test-set total", paperValues);
        }
        return chart;
    }
}

package dev.overtone.bench.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.overtone.bench.report.BarChart;
import dev.overtone.bench.report.PaperFigures;
import dev.overtone.bench.scoring.CoverageSummary;
import dev.overtone.bench.scoring.SubsetMetrics;

/**
 * coverage.png's bars: one per ambiguity type and a total per subset, the defaults, Overtone and the paper's published
 * total beside them. (BarChart's own test checks the PNG.)
 */
class CoverageChartTest {

    private static final PaperFigures.Set_ AMBROSIA = PaperFigures.forTypes(Set.of("scope", "vague"));

    private static SubsetMetrics full(double percent) {
        return new SubsetMetrics(1, percent, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /** Ambiguous scope and vague questions and unambiguous vague ones, each with its own full coverage just above {@code base}. */
    private static CoverageSummary summary(double base) {
        Map<String, SubsetMetrics> ambiguous = new LinkedHashMap<>();
        ambiguous.put("scope", full(base + 1));
        ambiguous.put("vague", full(base + 2));
        Map<String, CoverageSummary.Subset> subsets = new LinkedHashMap<>();
        subsets.put(CoverageSummary.AMBIGUOUS, new CoverageSummary.Subset(full(base + 3), ambiguous));
        subsets.put(CoverageSummary.UNAMBIGUOUS, new CoverageSummary.Subset(full(base + 5), Map.of("vague", full(base + 4))));
        return new CoverageSummary(subsets);
    }

    @Test
    void eachTypeAndEachSubsetTotalIsABarOfBothSystemsWithThePapersTotalsBesideTheTotals() {
        BarChart chart = CoverageChart.of(7, summary(10), summary(50), AMBROSIA);

        assertThat(chart.categories())
                .containsExactly("amb scope", "amb vague", "amb total", "unamb vague", "unamb total");
        assertThat(chart.title()).contains("7 examples");
        Map<String, List<Double>> series = chart.series();
        assertThat(series.keySet()).containsExactly("baseline (defaults)", "Overtone", "paper: DFPL system, published test-set total");
        assertThat(series.get("baseline (defaults)")).containsExactly(11.0, 12.0, 13.0, 14.0, 15.0);
        assertThat(series.get("Overtone")).containsExactly(51.0, 52.0, 53.0, 54.0, 55.0);
        double unambiguousTotal = AMBROSIA.unambiguous().get(AMBROSIA.unambiguous().size() - 1).full();
        assertThat(series.get("paper: DFPL system, published test-set total"))
                .containsExactly(null, null, PaperFigures.headline(AMBROSIA).full(), null, unambiguousTotal);
    }

    @Test
    void aBaselineOnlyRunWithoutPublishedFiguresDrawsTheDefaultsAlone() {
        Map<String, SubsetMetrics> byType = Map.of("C", full(20));
        CoverageSummary baseline = new CoverageSummary(Map.of(CoverageSummary.AMBIGUOUS, new CoverageSummary.Subset(full(30), byType)));

        BarChart chart = CoverageChart.of(3, baseline, null, null);

        assertThat(chart.categories()).containsExactly("amb C", "amb total");
        Map<String, List<Double>> series = chart.series();
        assertThat(series).containsOnlyKeys("baseline (defaults)");
        assertThat(series.get("baseline (defaults)")).isEqualTo(Arrays.asList(20.0, 30.0));
    }
}

package dev.overtone.bench.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.bench.scoring.CoverageSummary;
import dev.overtone.bench.scoring.RankedSummary;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RankedTableTest {

    @Test
    void theDefaultsAndOvertoneStandSideBySidePerSubset() {
        String md = RankedTable.markdown(ranked(40, 0.6), ranked(55.5, 0.8123));

        assertThat(md).startsWith("## The first readings")
                .contains("| ambiguous | defaults | 10 | 40.0 | 50.0 | 60.0 | 70.0 | 2.50 |\n| ambiguous | Overtone | 10 | 55.5 |")
                .contains("| unambiguous | defaults |")
                .contains("Verdict AUROC: defaults 0.600, Overtone 0.812.");
    }

    @Test
    void withoutOvertonesRankingOnlyTheDefaultsAreShownAndNoRankingIsNoSection() {
        String md = RankedTable.markdown(new RankedSummary(Map.of(CoverageSummary.AMBIGUOUS, subset(40)), Double.NaN), null);

        assertThat(md).doesNotContain("Overtone").doesNotContain("| unambiguous").contains("Verdict AUROC: defaults —.");
        assertThat(RankedTable.markdown(null, ranked(55, 0.8))).isEmpty();
    }

    private static RankedSummary ranked(double first1, double auroc) {
        return new RankedSummary(Map.of(CoverageSummary.AMBIGUOUS, subset(first1), CoverageSummary.UNAMBIGUOUS, subset(first1)), auroc);
    }

    private static RankedSummary.Subset subset(double first1) {
        return new RankedSummary.Subset(10, Map.of(1, first1, 3, 50.0, 5, 60.0), 70.0, 2.5);
    }
}

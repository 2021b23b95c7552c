package dev.overtone.bench.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.bench.scoring.CoverageSummary;
import dev.overtone.bench.scoring.OutcomeConfusion;
import dev.overtone.bench.scoring.RankedSummary;
import dev.overtone.bench.scoring.SubsetMetrics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CoverageGoalsTest {

    @Test
    void eachGoalIsMetOrMissedByHowMuch() {
        String md = CoverageGoals.markdown(summary(70.0, 80.0, 15.5), ranked(Map.of(1, 70.0, 3, 80.0, 5, 50.0), 60.0, 1.5, 0.80),
                OutcomeConfusion.of(List.of(flagged(true, true), flagged(true, true), flagged(false, true), flagged(false, false))));

        assertThat(md).startsWith("## Goals (set for Ambrosia* dev)")
                .contains("| full coverage, ambiguous | ≥ 62 | 70.0 | met |")
                .contains("| full coverage, unambiguous | ≥ 85 | 80.0 | missed by 5.0 points |")
                .contains("| precision, ambiguous | ≥ 20 | 15.5 | missed by 4.5 points |")
                .contains("| full coverage of the first 5, ambiguous | ≥ 55 | 50.0 | missed by 5.0 points |")
                .contains("| readings shown, unambiguous | ≤ 2 | 1.50 | met |")
                .contains("| ambiguous questions flagged AMBIGUOUS | ≥ 85 | 100.0 | met |")
                .contains("| unambiguous questions flagged AMBIGUOUS | ≤ 15 | 50.0 | missed by 35.0 points |")
                .contains("| verdict AUROC | ≥ 0.75 | 0.800 | met |");
    }

    @Test
    void whatCannotBeJudgedIsSaidSo() {
        Map<String, CoverageSummary.Subset> onlyAmbiguous = new LinkedHashMap<>();
        onlyAmbiguous.put(CoverageSummary.AMBIGUOUS, new CoverageSummary.Subset(metrics(70, 30), Map.of()));
        RankedSummary ranked = new RankedSummary(Map.of(CoverageSummary.AMBIGUOUS,
                new RankedSummary.Subset(1, Map.of(1, 0.0, 3, 0.0, 5, 0.0), 0.0, 2.0)), Double.NaN);

        String md = CoverageGoals.markdown(new CoverageSummary(onlyAmbiguous), ranked,
                OutcomeConfusion.of(List.of(flagged(true, false))));

        assertThat(md).contains("| full coverage, unambiguous | ≥ 85 | — | no such questions |")
                .contains("| readings shown, unambiguous | ≤ 2 | — | no such questions |")
                .contains("| unambiguous questions flagged AMBIGUOUS | ≤ 15 | — | no such questions |")
                .contains("| verdict AUROC | ≥ 0.75 | — | not measurable |");
    }

    @Test
    void withoutOvertonesAnswersThereIsNoSectionAndWithoutARankingOnlyTheSetGoals() {
        assertThat(CoverageGoals.markdown(null, null, null)).isEmpty();

        String md = CoverageGoals.markdown(summary(70, 90, 30), null, null);

        assertThat(md).contains("precision, ambiguous").doesNotContain("first 5").doesNotContain("AUROC");
    }

    private static CoverageSummary summary(double fullAmbiguous, double fullUnambiguous, double precisionAmbiguous) {
        Map<String, CoverageSummary.Subset> subsets = new LinkedHashMap<>();
        subsets.put(CoverageSummary.AMBIGUOUS, new CoverageSummary.Subset(metrics(fullAmbiguous, precisionAmbiguous), Map.of()));
        subsets.put(CoverageSummary.UNAMBIGUOUS, new CoverageSummary.Subset(metrics(fullUnambiguous, 100), Map.of()));
        return new CoverageSummary(subsets);
    }

    private static SubsetMetrics metrics(double full, double precision) {
        return new SubsetMetrics(10, full, full, full, precision, precision, 2, 2, 0, 0, 0);
    }

    private static RankedSummary ranked(Map<Integer, Double> firstAmbiguous, double shownAmbiguous, double meanShownUnambiguous,
            double auroc) {
        return new RankedSummary(Map.of(
                CoverageSummary.AMBIGUOUS, new RankedSummary.Subset(10, firstAmbiguous, shownAmbiguous, 3.0),
                CoverageSummary.UNAMBIGUOUS, new RankedSummary.Subset(10, Map.of(1, 70.0, 3, 80.0, 5, 90.0), 80.0, meanShownUnambiguous)),
                auroc);
    }

    private static OutcomeConfusion.Labelled flagged(boolean ambiguous, boolean answeredAmbiguous) {
        return new OutcomeConfusion.Labelled(ambiguous, answeredAmbiguous ? "OUTCOME_AMBIGUOUS" : "OUTCOME_ANSWERABLE", null);
    }
}

package dev.overtone.bench.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Full coverage of the first k readings, readings shown and the verdict's AUROC, on cases checked by hand. */
class RankedSummaryTest {

    private static ExampleScore ranked(String id, int nGold, String problem, List<List<Integer>> predGolds) {
        List<String> sql = new ArrayList<>();
        for (int i = 0; i < predGolds.size(); i++) {
            sql.add("SELECT " + i);
        }
        return new ExampleScore(id, 0, 0, 0, 0, 0, sql, 0, sql.size(), List.of(), List.of(), problem, predGolds, nGold);
    }

    @Test
    void aurocCountsPairsWonByPositivesWithTiesAsHalf() {
        // positives 0.9 and 0.4, negatives 0.4, 0.1, 0.6: 0.9 wins 3, 0.4 ties 1 and wins 1 -> 4.5 of 6
        List<Auroc.Point> points = List.of(new Auroc.Point(0.9, true), new Auroc.Point(0.4, true),
                new Auroc.Point(0.4, false), new Auroc.Point(0.1, false), new Auroc.Point(0.6, false));
        assertThat(Auroc.of(points)).isCloseTo(0.75, within(1e-12));
        assertThat(Auroc.of(List.of(new Auroc.Point(1, true), new Auroc.Point(0, false)))).isEqualTo(1.0);
        assertThat(Auroc.of(List.of(new Auroc.Point(1, true)))).isNaN();
    }

    @Test
    void fullCoverageOfTheFirstKNeedsEveryGoldAmongThem() {
        ExampleScore s = ranked("a", 2, null, List.of(List.of(), List.of(1), List.of(0), List.of(0, 1)));
        assertThat(s.fullCoverageOfFirst(1)).isZero();
        assertThat(s.fullCoverageOfFirst(2)).isZero();
        assertThat(s.fullCoverageOfFirst(3)).isOne();
        assertThat(s.fullCoverageOfFirst(10)).isOne();
        // a gold listed twice counts twice in the denominator (the reference rule): never full
        assertThat(ranked("b", 3, null, List.of(List.of(0), List.of(1))).fullCoverageOfFirst(5)).isZero();
        assertThat(ranked("c", 1, "gold query failed", List.of(List.of(0))).fullCoverageOfFirst(1)).isZero();
    }

    @Test
    void summaryHasFirstOneThreeFiveShownAndTheAuroc() {
        List<RankedSummary.Ranked> examples = List.of(
                // ambiguous: both golds by the 3rd reading; 2 shown; scored ambiguous
                new RankedSummary.Ranked(true, ranked("a1", 2, null, List.of(List.of(0), List.of(), List.of(1))), 2, 0.9),
                // ambiguous: both golds by the 2nd reading; 2 shown
                new RankedSummary.Ranked(true, ranked("a2", 2, null, List.of(List.of(1), List.of(0))), 2, 0.3),
                // unambiguous: right first, 1 shown
                new RankedSummary.Ranked(false, ranked("u1", 1, null, List.of(List.of(0), List.of())), 1, 0.2),
                // unambiguous: right second, 1 shown
                new RankedSummary.Ranked(false, ranked("u2", 1, null, List.of(List.of(), List.of(0))), 1, 0.5));

        RankedSummary s = RankedSummary.of(examples);

        RankedSummary.Subset amb = s.subsets().get(CoverageSummary.AMBIGUOUS);
        assertThat(amb.fullOfFirst()).containsEntry(1, 0.0).containsEntry(3, 100.0).containsEntry(5, 100.0);
        assertThat(amb.fullOfShown()).isEqualTo(50.0);
        assertThat(amb.meanShown()).isEqualTo(2.0);
        RankedSummary.Subset un = s.subsets().get(CoverageSummary.UNAMBIGUOUS);
        assertThat(un.fullOfFirst()).containsEntry(1, 50.0).containsEntry(3, 100.0);
        assertThat(un.meanShown()).isEqualTo(1.0);
        // pairs (amb, unamb): 0.9 > 0.2, 0.9 > 0.5, 0.3 > 0.2, 0.3 < 0.5 -> 3 of 4
        assertThat(s.verdictAuroc()).isCloseTo(0.75, within(1e-12));
        assertThat(s.toJson()).containsKeys("ambiguous", "unambiguous", "verdict_auroc");
    }
}

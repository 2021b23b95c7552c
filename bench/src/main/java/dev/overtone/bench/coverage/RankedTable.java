package dev.overtone.bench.coverage;

import java.util.List;
import java.util.Locale;

import dev.overtone.bench.scoring.CoverageSummary;
import dev.overtone.bench.scoring.RankedSummary;

/** report.md's "The first readings": full coverage of the first readings, readings shown and the verdict's AUROC. */
final class RankedTable {

    private RankedTable() {
    }

    /** The section, the defaults beside Overtone ("" when the run has no ranked summary). */
    static String markdown(RankedSummary baselineRanked, RankedSummary overtoneRanked) {
        if (baselineRanked == null) {
            return "";
        }
        StringBuilder md = new StringBuilder("## The first readings\n\n");
        md.append("Full coverage of the first 1, 3 and 5 distinct readings in answer order and of the shown ones "
                + "(the defaults: in recorded order, all shown); verdict AUROC: how well the ambiguity score separates "
                + "ambiguous from unambiguous questions (the defaults' score: their number of distinct results).\n\n");
        md.append("| subset | system | n | first 1 | first 3 | first 5 | shown | readings shown |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (String subset : List.of(CoverageSummary.AMBIGUOUS, CoverageSummary.UNAMBIGUOUS)) {
            row(md, subset, "defaults", baselineRanked.subsets().get(subset));
            if (overtoneRanked != null) {
                row(md, subset, "Overtone", overtoneRanked.subsets().get(subset));
            }
        }
        md.append(String.format(Locale.ROOT, "%nVerdict AUROC: defaults %s", ReportNumbers.auroc(baselineRanked)));
        if (overtoneRanked != null) {
            md.append(", Overtone ").append(ReportNumbers.auroc(overtoneRanked));
        }
        return md.append(".\n\n").toString();
    }

    private static void row(StringBuilder md, String subset, String system, RankedSummary.Subset s) {
        if (s == null) {
            return;
        }
        md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %.1f | %.1f | %.1f | %.2f |%n", subset, system, s.n(),
                s.fullOfFirst().get(1), s.fullOfFirst().get(3), s.fullOfFirst().get(5), s.fullOfShown(), s.meanShown()));
    }
}

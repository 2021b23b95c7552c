package dev.overtone.bench.coverage;

import java.util.Locale;

import dev.overtone.bench.scoring.CoverageSummary;
import dev.overtone.bench.scoring.OutcomeConfusion;
import dev.overtone.bench.scoring.RankedSummary;
import dev.overtone.bench.scoring.SubsetMetrics;

/** The goals the issues set (issue 34), judged on held-out sets like Ambrosia* dev (percent, except counts and AUROC). */
final class CoverageGoals {

    static final double GOAL_FULL_AMBIGUOUS = 62.0;
    static final double GOAL_FULL_UNAMBIGUOUS = 85.0;
    static final double GOAL_PRECISION_AMBIGUOUS = 20.0;
    static final double GOAL_FIRST5_AMBIGUOUS = 55.0;
    static final double GOAL_SHOWN_AMBIGUOUS = 50.0;
    static final double GOAL_TOP1_UNAMBIGUOUS = 65.0;
    static final double GOAL_SHOWN_UNAMBIGUOUS = 75.0;
    static final double GOAL_MAX_SHOWN_UNAMBIGUOUS = 2.0;
    static final double GOAL_VERDICT_AUROC = 0.75;
    static final double GOAL_AMBIGUOUS_FLAGGED = 85.0;
    static final double GOAL_MAX_UNAMBIGUOUS_FLAGGED = 15.0;

    private CoverageGoals() {
    }

    /** The goals section of report.md: each goal met or missed by how much ("" without Overtone's answers). */
    static String markdown(CoverageSummary overtone, RankedSummary overtoneRanked, OutcomeConfusion confusion) {
        if (overtone == null) {
            return "";
        }
        StringBuilder md = new StringBuilder("## Goals (set for Ambrosia* dev)\n\n| goal | target | Overtone | verdict |\n|---|---:|---:|---|\n");
        SubsetMetrics amb = total(overtone, CoverageSummary.AMBIGUOUS);
        SubsetMetrics un = total(overtone, CoverageSummary.UNAMBIGUOUS);
        goal(md, "full coverage, ambiguous", GOAL_FULL_AMBIGUOUS, amb == null ? null : amb.fullCoverage());
        goal(md, "full coverage, unambiguous", GOAL_FULL_UNAMBIGUOUS, un == null ? null : un.fullCoverage());
        goal(md, "precision, ambiguous", GOAL_PRECISION_AMBIGUOUS, amb == null ? null : amb.precision());
        if (overtoneRanked != null) {
            rankedGoals(md, overtoneRanked, confusion);
        }
        return md.append('\n').toString();
    }

    private static void rankedGoals(StringBuilder md, RankedSummary overtoneRanked, OutcomeConfusion c) {
        RankedSummary.Subset ra = overtoneRanked.subsets().get(CoverageSummary.AMBIGUOUS);
        RankedSummary.Subset ru = overtoneRanked.subsets().get(CoverageSummary.UNAMBIGUOUS);
        goal(md, "full coverage of the first 5, ambiguous", GOAL_FIRST5_AMBIGUOUS, ra == null ? null : ra.fullOfFirst().get(5));
        goal(md, "full coverage of the shown readings, ambiguous", GOAL_SHOWN_AMBIGUOUS, ra == null ? null : ra.fullOfShown());
        goal(md, "top-1 correct, unambiguous", GOAL_TOP1_UNAMBIGUOUS, ru == null ? null : ru.fullOfFirst().get(1));
        goal(md, "the shown readings hold the right one, unambiguous", GOAL_SHOWN_UNAMBIGUOUS, ru == null ? null : ru.fullOfShown());
        String shown = ru == null ? "no such questions" : ru.meanShown() <= GOAL_MAX_SHOWN_UNAMBIGUOUS ? "met"
                : String.format(Locale.ROOT, "missed by %.2f", ru.meanShown() - GOAL_MAX_SHOWN_UNAMBIGUOUS);
        md.append(String.format(Locale.ROOT, "| readings shown, unambiguous | ≤ %.0f | %s | %s |%n", GOAL_MAX_SHOWN_UNAMBIGUOUS,
                ru == null ? "—" : String.format(Locale.ROOT, "%.2f", ru.meanShown()), shown));
        goal(md, "ambiguous questions flagged AMBIGUOUS", GOAL_AMBIGUOUS_FLAGGED,
                Double.isNaN(c.ambiguousFlagged()) ? null : c.ambiguousFlagged());
        double falseAlarms = c.unambiguousFlagged();
        md.append(String.format(Locale.ROOT, "| unambiguous questions flagged AMBIGUOUS | ≤ %.0f | %s | %s |%n",
                GOAL_MAX_UNAMBIGUOUS_FLAGGED, Double.isNaN(falseAlarms) ? "—" : String.format(Locale.ROOT, "%.1f", falseAlarms),
                Double.isNaN(falseAlarms) ? "no such questions" : falseAlarms <= GOAL_MAX_UNAMBIGUOUS_FLAGGED ? "met"
                        : String.format(Locale.ROOT, "missed by %.1f points", falseAlarms - GOAL_MAX_UNAMBIGUOUS_FLAGGED)));
        double a = overtoneRanked.verdictAuroc();
        md.append(String.format(Locale.ROOT, "| verdict AUROC | ≥ %.2f | %s | %s |%n", GOAL_VERDICT_AUROC,
                ReportNumbers.auroc(overtoneRanked), Double.isNaN(a) ? "not measurable" : a >= GOAL_VERDICT_AUROC ? "met"
                        : String.format(Locale.ROOT, "missed by %.3f", GOAL_VERDICT_AUROC - a)));
    }

    private static SubsetMetrics total(CoverageSummary s, String subset) {
        CoverageSummary.Subset sub = s.subsets().get(subset);
        return sub == null ? null : sub.total();
    }

    static void goal(StringBuilder md, String name, double target, Double value) {
        String verdict = value == null ? "no such questions"
                : value >= target ? "met" : String.format(Locale.ROOT, "missed by %.1f points", target - value);
        md.append(String.format(Locale.ROOT, "| %s | ≥ %.0f | %s | %s |%n", name, target, ReportNumbers.num(value), verdict));
    }
}

package dev.overtone.bench.coverage;

import java.util.Locale;

import dev.overtone.bench.scoring.RankedSummary;

/** How the coverage report writes a figure: one decimal, "—" where there is none. */
final class ReportNumbers {

    private ReportNumbers() {
    }

    static String num(Double v) {
        return v == null ? "—" : String.format(Locale.ROOT, "%.1f", v);
    }

    static String percent(double v) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%.1f %%", v);
    }

    static String auroc(RankedSummary s) {
        return Double.isNaN(s.verdictAuroc()) ? "—" : String.format(Locale.ROOT, "%.3f", s.verdictAuroc());
    }
}

package dev.overtone.bench.coverage;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.overtone.bench.report.BarChart;
import dev.overtone.bench.report.PaperFigures;
import dev.overtone.bench.report.ReportFiles;
import dev.overtone.bench.scoring.CoverageSummary;
import dev.overtone.bench.scoring.OutcomeConfusion;
import dev.overtone.bench.scoring.RankedSummary;
import dev.overtone.bench.scoring.SubsetMetrics;

/** The coverage report: report.json, predictions.jsonl, examples.jsonl, report.md, coverage.png. */
public record CoverageReport(Map<String, Object> run, CoverageSummary baseline, CoverageSummary overtone,
                             RankedSummary baselineRanked, RankedSummary overtoneRanked,
                             List<CoverageRun.Outcome> outcomes, PaperFigures.Set_ paper) {

    /** The report of a run whose examples have these ambiguity types (which name the paper's figures beside it). */
    public CoverageReport(Map<String, Object> run, CoverageSummary baseline, CoverageSummary overtone,
                          RankedSummary baselineRanked, RankedSummary overtoneRanked,
                          List<CoverageRun.Outcome> outcomes, Set<String> types) {
        this(run, baseline, overtone, baselineRanked, overtoneRanked, outcomes, PaperFigures.forTypes(types));
    }

    public CoverageReport(Map<String, Object> run, CoverageSummary baseline, CoverageSummary overtone,
                          List<CoverageRun.Outcome> outcomes, Set<String> types) {
        this(run, baseline, overtone, null, null, outcomes, types);
    }

    /** The report.json document: {@code {"run", "baseline", "overtone", "paper"}}. */
    public Map<String, Object> json() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("run", run);
        doc.put("baseline", baseline.toJson());
        doc.put("overtone", overtone == null ? null : overtone.toJson());
        if (baselineRanked != null) {
            Map<String, Object> ranked = new LinkedHashMap<>();
            ranked.put("baseline", baselineRanked.toJson());
            ranked.put("overtone", overtoneRanked == null ? null : overtoneRanked.toJson());
            doc.put("ranked", ranked);
        }
        doc.put("outcomes", overtone == null ? null : confusion().toJson());
        doc.put("llm", overtone == null ? null : degraded().json());
        if (paper != null) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("dataset", paper.dataset());
            p.put("ambiguous", paper.ambiguous());
            p.put("unambiguous", paper.unambiguous());
            doc.put("paper", p);
        }
        return doc;
    }

    public void write(Path dir) throws IOException {
        ReportFiles.writeJson(dir.resolve("report.json"), json());
        List<Map<String, Object>> preds = outcomes.stream().map(ExampleRecords::prediction).toList();
        List<Map<String, Object>> perExample = outcomes.stream().map(ExampleRecords::example).toList();
        ReportFiles.writeJsonLines(dir.resolve("predictions.jsonl"), preds);
        ReportFiles.writeJsonLines(dir.resolve("examples.jsonl"), perExample);
        ReportFiles.writeText(dir.resolve("report.md"), markdown());
        chart().savePng(dir.resolve("coverage.png"), 100.0);
    }

    /** The answer's outcome against the label, over every example (a failed call by its status). */
    OutcomeConfusion confusion() {
        return OutcomeConfusion.of(outcomes.stream()
                .map(o -> new OutcomeConfusion.Labelled(o.example().ambiguous(), o.answer() == null ? null : o.answer().outcome(),
                        o.failure() == null ? null : o.failure().split(":", 2)[0]))
                .toList());
    }

    private String confusionSection() {
        OutcomeConfusion c = confusion();
        return "## Outcome against the label\n\n"
                + "The answer's outcome for the ambiguous and the unambiguous questions (count, percent of the column); "
                + "a call that failed is counted by its status.\n\n"
                + c.markdown()
                + String.format(Locale.ROOT, "%nFlagged AMBIGUOUS: %s of the ambiguous questions, %s of the unambiguous ones.%n%n",
                        ReportNumbers.percent(c.ambiguousFlagged()), ReportNumbers.percent(c.unambiguousFlagged()));
    }

    private DegradedCalls degraded() {
        return new DegradedCalls(String.valueOf(run.getOrDefault("defaults", "caller")), outcomes);
    }

    BarChart chart() {
        return CoverageChart.of(run.get("examples"), baseline, overtone, paper);
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("# Coverage report\n\n");
        md.append("Data: `").append(run.get("data")).append("` — ").append(run.get("examples")).append(" examples, ")
                .append(run.get("databases")).append(" databases. Defaults: ").append(run.getOrDefault("defaults", "caller"))
                .append(". Infill: ").append(run.get("infill"))
                .append(". Families: ").append(run.get("families")).append(".\n\n");
        md.append("Scoring: the reference rule (multiset of cells; row order only when the gold has ORDER BY; an empty "
                + "prediction never matches; predicted SQL de-duplicated by exact text). Numbers in percent; "
                + "`readings` = distinct predicted SQL per example.\n\n");
        for (String subset : List.of(CoverageSummary.AMBIGUOUS, CoverageSummary.UNAMBIGUOUS)) {
            CoverageSummary.Subset b = baseline.subsets().get(subset);
            if (b == null) {
                continue;
            }
            CoverageSummary.Subset o = overtone == null ? null : overtone.subsets().get(subset);
            md.append("## ").append(subset).append(" questions\n\n");
            md.append("| type | n | system | full | single | recall | precision | readings | failures |\n");
            md.append("|---|---:|---|---:|---:|---:|---:|---:|---:|\n");
            for (String t : b.byType().keySet()) {
                rows(md, t, b.byType().get(t), o == null ? null : o.byType().get(t));
            }
            rows(md, "**total**", b.total(), o == null ? null : o.total());
            md.append('\n');
            if (paper != null) {
                List<PaperFigures.Row> rows = subset.equals(CoverageSummary.AMBIGUOUS) ? paper.ambiguous() : paper.unambiguous();
                if (!rows.isEmpty()) {
                    md.append("Published figures (Saparina & Lapata 2025, *Disambiguate First, Parse Later*; test sets, "
                            + "totals only — reference points, not the same split):\n\n");
                    md.append("| system | source | full | single | recall | precision |\n|---|---|---:|---:|---:|---:|\n");
                    for (PaperFigures.Row r : rows) {
                        md.append("| ").append(r.system()).append(" | ").append(r.source()).append(" | ")
                                .append(ReportNumbers.num(r.full())).append(" | ").append(ReportNumbers.num(r.single())).append(" | ")
                                .append(ReportNumbers.num(r.recall())).append(" | ").append(ReportNumbers.num(r.precision())).append(" |\n");
                    }
                    md.append('\n');
                }
            }
        }
        md.append(RankedTable.markdown(baselineRanked, overtoneRanked));
        if (overtone != null) {
            md.append(confusionSection());
        }
        md.append(CoverageGoals.markdown(overtone, overtoneRanked, overtone == null ? null : confusion()));
        if (overtone != null) {
            md.append(degraded().markdown());
        }
        @SuppressWarnings("unchecked")
        Map<String, String> failures = (Map<String, String>) run.getOrDefault("overtone_failure_samples", Map.of());
        if (!failures.isEmpty()) {
            md.append("## Interpret failures\n\n");
            failures.forEach((status, sample) -> md.append("- ").append(status).append(": e.g. `").append(sample).append("`\n"));
            md.append('\n');
        }
        @SuppressWarnings("unchecked")
        List<String> repairs = (List<String>) run.get("db_repairs");
        if (!repairs.isEmpty()) {
            md.append("## Database repairs\n\n");
            repairs.forEach(r -> md.append("- ").append(r).append('\n'));
            md.append('\n');
        }
        md.append("![coverage](coverage.png)\n");
        return md.toString();
    }

    private static void rows(StringBuilder md, String type, SubsetMetrics base, SubsetMetrics ours) {
        row(md, type, "baseline", base);
        if (ours != null) {
            row(md, "", "Overtone", ours);
        }
    }

    private static void row(StringBuilder md, String type, String system, SubsetMetrics m) {
        md.append(String.format(Locale.ROOT, "| %s | %d | %s | %.1f | %.1f | %.1f | %.1f | %.2f | %d |%n", type, m.n(),
                system, m.fullCoverage(), m.singleCoverage(), m.recall(), m.precision(), m.meanReadings(), m.failures()));
    }

    /** A few lines for stdout. */
    public String summaryText() {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%-12s %-12s %-9s %5s %6s %6s %6s %6s %6s%n", "subset", "type", "system",
                "n", "full", "single", "recall", "prec", "read"));
        for (String subset : List.of(CoverageSummary.AMBIGUOUS, CoverageSummary.UNAMBIGUOUS)) {
            CoverageSummary.Subset b = baseline.subsets().get(subset);
            if (b == null) {
                continue;
            }
            CoverageSummary.Subset o = overtone == null ? null : overtone.subsets().get(subset);
            Map<String, SubsetMetrics[]> lines = new LinkedHashMap<>();
            b.byType().forEach((t, m) -> lines.put(t, new SubsetMetrics[]{m, o == null ? null : o.byType().get(t)}));
            lines.put("total", new SubsetMetrics[]{b.total(), o == null ? null : o.total()});
            lines.forEach((t, pair) -> {
                summaryLine(s, subset, t, "baseline", pair[0]);
                if (pair[1] != null) {
                    summaryLine(s, subset, t, "overtone", pair[1]);
                }
            });
        }
        if (overtone != null) {
            OutcomeConfusion c = confusion();
            s.append(System.lineSeparator()).append("outcome against the label:").append(System.lineSeparator());
            c.lines().forEach(l -> s.append(l).append(System.lineSeparator()));
            s.append(String.format(Locale.ROOT, "flagged AMBIGUOUS: ambiguous %s, unambiguous %s%n", ReportNumbers.percent(c.ambiguousFlagged()),
                    ReportNumbers.percent(c.unambiguousFlagged())));
        }
        return s.toString().stripTrailing();
    }

    private static void summaryLine(StringBuilder s, String subset, String type, String system, SubsetMetrics m) {
        s.append(String.format(Locale.ROOT, "%-12s %-12s %-9s %5d %6.1f %6.1f %6.1f %6.1f %6.2f%n", subset, type, system,
                m.n(), m.fullCoverage(), m.singleCoverage(), m.recall(), m.precision(), m.meanReadings()));
    }
}

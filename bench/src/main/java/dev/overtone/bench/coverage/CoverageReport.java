package dev.overtone.bench.coverage;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.overtone.bench.report.BarChart;
import dev.overtone.bench.report.PaperFigures;
import dev.overtone.bench.report.ReportFiles;
import dev.overtone.bench.scoring.CoverageSummary;
import dev.overtone.bench.scoring.ExampleScore;
import dev.overtone.bench.scoring.OutcomeConfusion;
import dev.overtone.bench.scoring.RankedSummary;
import dev.overtone.bench.scoring.SubsetMetrics;

/** The coverage report: report.json, predictions.jsonl, examples.jsonl, report.md, coverage.png. */
public final class CoverageReport {

    /** The goals the issues set (issue 34), judged on held-out sets like Ambrosia* dev (percent, except counts and AUROC). */
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

    private final Map<String, Object> run;
    private final CoverageSummary baseline;
    private final CoverageSummary overtone;
    private final RankedSummary baselineRanked;
    private final RankedSummary overtoneRanked;
    private final List<CoverageRun.Outcome> outcomes;
    private final PaperFigures.Set_ paper;

    public CoverageReport(Map<String, Object> run, CoverageSummary baseline, CoverageSummary overtone,
                          RankedSummary baselineRanked, RankedSummary overtoneRanked,
                          List<CoverageRun.Outcome> outcomes, Set<String> types) {
        this.run = run;
        this.baseline = baseline;
        this.overtone = overtone;
        this.baselineRanked = baselineRanked;
        this.overtoneRanked = overtoneRanked;
        this.outcomes = outcomes;
        this.paper = PaperFigures.forTypes(types);
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
        List<Map<String, Object>> preds = new ArrayList<>();
        List<Map<String, Object>> perExample = new ArrayList<>();
        for (CoverageRun.Outcome o : outcomes) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("id", o.example().id());
            List<String> sqls = o.overtone() == null ? o.baseline().predictedSql() : o.overtone().predictedSql();
            p.put("sqls", sqls);
            if (o.answer() != null) {
                p.put("probabilities", o.answer().probabilitiesOf(sqls));
                p.put("shown", o.answer().shown());
            }
            if (o.failure() != null) {
                p.put("error", o.failure());
            }
            preds.add(p);
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("id", o.example().id());
            e.put("ambig_type", o.example().type());
            e.put("is_ambiguous", o.example().ambiguous());
            e.put("database", o.db().name());
            e.put("baseline", perExample(o.baseline()));
            e.put("overtone", o.overtone() == null ? null : perExample(o.overtone()));
            e.put("warnings", o.warnings());
            if (o.answer() != null && o.overtone() != null) {
                e.put("outcome", o.answer().outcome());
                e.put("ambiguity_probability", o.answer().ambiguityProbability());
                e.put("shown", o.answer().shown());
                e.put("readings", readings(o.answer(), o.overtone()));
            }
            e.put("failed_readings", o.failedReadings());
            e.put("stage_micros", o.stageMicros());
            perExample.add(e);
        }
        ReportFiles.writeJsonLines(dir.resolve("predictions.jsonl"), preds);
        ReportFiles.writeJsonLines(dir.resolve("examples.jsonl"), perExample);
        ReportFiles.writeText(dir.resolve("report.md"), markdown());
        chart().savePng(dir.resolve("coverage.png"), 100.0);
    }

    /** Each reading in ranked order with its probability, evidence and the golds it matches (for calibration). */
    private static List<Map<String, Object>> readings(CoverageRun.RankedAnswer answer, ExampleScore score) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < answer.sqls().size(); i++) {
            String sql = answer.sqls().get(i);
            int scored = score.predictedSql().indexOf(sql);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("sql", sql);
            r.put("probability", answer.probabilities().get(i));
            r.put("evidence", answer.evidence().get(i));
            r.put("parts", answer.parts().get(i));
            r.put("matched_golds", scored < 0 || scored >= score.predGolds().size() ? List.of() : score.predGolds().get(scored));
            out.add(r);
        }
        return out;
    }

    private static Map<String, Object> perExample(ExampleScore s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("all_found", s.fullCoverage());
        m.put("one_found", s.singleCoverage());
        m.put("recall", s.recall());
        m.put("precision", s.precision());
        m.put("n_pred_sql", s.nPredSql());
        m.put("n_pred_errors", s.predErrors());
        m.put("n_unique_results", s.uniqueResults());
        m.put("gold_matched", s.goldMatched());
        m.put("pred_matched", s.predMatched());
        m.put("pred_golds", s.predGolds());
        m.put("n_gold", s.nGold());
        if (s.goldProblem() != null) {
            m.put("gold_problem", s.goldProblem());
        }
        return m;
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
                        percent(c.ambiguousFlagged()), percent(c.unambiguousFlagged()));
    }

    private static String percent(double v) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%.1f %%", v);
    }

    private DegradedCalls degraded() {
        return new DegradedCalls(String.valueOf(run.getOrDefault("defaults", "caller")), outcomes);
    }

    BarChart chart() {
        List<String> categories = new ArrayList<>();
        CoverageSummary.Subset amb = baseline.subsets().get(CoverageSummary.AMBIGUOUS);
        CoverageSummary.Subset un = baseline.subsets().get(CoverageSummary.UNAMBIGUOUS);
        List<SubsetMetrics> base = new ArrayList<>();
        List<SubsetMetrics> ours = new ArrayList<>();
        List<Double> paperValues = new ArrayList<>();
        PaperFigures.Row headline = paper == null ? null : PaperFigures.headline(paper);
        for (String subset : List.of(CoverageSummary.AMBIGUOUS, CoverageSummary.UNAMBIGUOUS)) {
            CoverageSummary.Subset b = subset.equals(CoverageSummary.AMBIGUOUS) ? amb : un;
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
        BarChart chart = new BarChart("Full coverage by ambiguity type (" + run.get("examples") + " examples)",
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
                                .append(num(r.full())).append(" | ").append(num(r.single())).append(" | ")
                                .append(num(r.recall())).append(" | ").append(num(r.precision())).append(" |\n");
                    }
                    md.append('\n');
                }
            }
        }
        md.append(rankedTable());
        if (overtone != null) {
            md.append(confusionSection());
        }
        md.append(goals());
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

    /** Full coverage of the first readings, readings shown and the verdict's AUROC, the defaults beside. */
    String rankedTable() {
        if (baselineRanked == null) {
            return "";
        }
        StringBuilder md = new StringBuilder("## The first readings\n\n");
        md.append("Full coverage of the first 1, 3 and 5 distinct readings in answer order and of the shown ones "
                + "(the defaults: in recorded order, all shown); verdict AUROC: how well the ambiguity score separates "
                + "ambiguous from unambiguous questions (the defaults' score: their number of distinct results).\n\n");
        md.append("| subset | system | n | first 1 | first 3 | first 5 | shown | readings shown |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (String subset : List.of(CoverageSummary.AMBIGUOUS, CoverageSummary.UNAMBIGUOUS)) {
            rankedRow(md, subset, "defaults", baselineRanked.subsets().get(subset));
            if (overtoneRanked != null) {
                rankedRow(md, subset, "Overtone", overtoneRanked.subsets().get(subset));
            }
        }
        md.append(String.format(Locale.ROOT, "%nVerdict AUROC: defaults %s", auroc(baselineRanked)));
        if (overtoneRanked != null) {
            md.append(", Overtone ").append(auroc(overtoneRanked));
        }
        return md.append(".\n\n").toString();
    }

    private static String auroc(RankedSummary s) {
        return Double.isNaN(s.verdictAuroc()) ? "—" : String.format(Locale.ROOT, "%.3f", s.verdictAuroc());
    }

    private static void rankedRow(StringBuilder md, String subset, String system, RankedSummary.Subset s) {
        if (s == null) {
            return;
        }
        md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %.1f | %.1f | %.1f | %.2f |%n", subset, system, s.n(),
                s.fullOfFirst().get(1), s.fullOfFirst().get(3), s.fullOfFirst().get(5), s.fullOfShown(), s.meanShown()));
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

    private static String num(Double v) {
        return v == null ? "—" : String.format(Locale.ROOT, "%.1f", v);
    }

    /** The goals (set on Ambrosia* dev), met or missed by how much. */
    String goals() {
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
            OutcomeConfusion c = confusion();
            goal(md, "ambiguous questions flagged AMBIGUOUS", GOAL_AMBIGUOUS_FLAGGED,
                    Double.isNaN(c.ambiguousFlagged()) ? null : c.ambiguousFlagged());
            double falseAlarms = c.unambiguousFlagged();
            md.append(String.format(Locale.ROOT, "| unambiguous questions flagged AMBIGUOUS | ≤ %.0f | %s | %s |%n",
                    GOAL_MAX_UNAMBIGUOUS_FLAGGED, Double.isNaN(falseAlarms) ? "—" : String.format(Locale.ROOT, "%.1f", falseAlarms),
                    Double.isNaN(falseAlarms) ? "no such questions" : falseAlarms <= GOAL_MAX_UNAMBIGUOUS_FLAGGED ? "met"
                            : String.format(Locale.ROOT, "missed by %.1f points", falseAlarms - GOAL_MAX_UNAMBIGUOUS_FLAGGED)));
            double a = overtoneRanked.verdictAuroc();
            md.append(String.format(Locale.ROOT, "| verdict AUROC | ≥ %.2f | %s | %s |%n", GOAL_VERDICT_AUROC, auroc(overtoneRanked),
                    Double.isNaN(a) ? "not measurable" : a >= GOAL_VERDICT_AUROC ? "met"
                            : String.format(Locale.ROOT, "missed by %.3f", GOAL_VERDICT_AUROC - a)));
        }
        return md.append('\n').toString();
    }

    private static SubsetMetrics total(CoverageSummary s, String subset) {
        CoverageSummary.Subset sub = s.subsets().get(subset);
        return sub == null ? null : sub.total();
    }

    static void goal(StringBuilder md, String name, double target, Double value) {
        String verdict = value == null ? "no such questions"
                : value >= target ? "met" : String.format(Locale.ROOT, "missed by %.1f points", target - value);
        md.append(String.format(Locale.ROOT, "| %s | ≥ %.0f | %s | %s |%n", name, target, num(value), verdict));
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
            s.append(String.format(Locale.ROOT, "flagged AMBIGUOUS: ambiguous %s, unambiguous %s%n", percent(c.ambiguousFlagged()),
                    percent(c.unambiguousFlagged())));
        }
        return s.toString().stripTrailing();
    }

    private static void summaryLine(StringBuilder s, String subset, String type, String system, SubsetMetrics m) {
        s.append(String.format(Locale.ROOT, "%-12s %-12s %-9s %5d %6.1f %6.1f %6.1f %6.1f %6.2f%n", subset, type, system,
                m.n(), m.fullCoverage(), m.singleCoverage(), m.recall(), m.precision(), m.meanReadings()));
    }
}

package dev.overtone.bench.clarify;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.overtone.bench.report.BarChart;
import dev.overtone.bench.report.ReportFiles;

/** The clarify report: report.json, dialogues.jsonl, report.md, clarify.png. */
public final class ClarifyReport {

    static final double GOAL_ACCURACY = 90.0;
    static final double GOAL_MEAN_QUESTIONS = 1.5;

    /** Metrics of one strategy. */
    public record StrategyMetrics(int n, double accuracy, double meanQuestions, int maxQuestions,
                                  double resolvedWithoutQuestion, int reachable, double accuracyReachable, int errors) {

        static StrategyMetrics of(List<ClarifyRun.Trial> trials) {
            int n = trials.size();
            int ok = 0;
            int okReachable = 0;
            int reachable = 0;
            int sumQ = 0;
            int maxQ = 0;
            int noQ = 0;
            int errors = 0;
            for (ClarifyRun.Trial t : trials) {
                Dialogue.Result r = t.result();
                ok += r.accurate() ? 1 : 0;
                reachable += t.reachable() ? 1 : 0;
                okReachable += t.reachable() && r.accurate() ? 1 : 0;
                sumQ += r.questions();
                maxQ = Math.max(maxQ, r.questions());
                noQ += r.error() == null && r.questions() == 0 ? 1 : 0;
                errors += r.error() != null ? 1 : 0;
            }
            return new StrategyMetrics(n, pct(ok, n), n == 0 ? 0 : (double) sumQ / n, maxQ, pct(noQ, n), reachable,
                    pct(okReachable, reachable), errors);
        }

        private static double pct(int a, int b) {
            return b == 0 ? 0.0 : 100.0 * a / b;
        }

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("accuracy", round(accuracy));
            m.put("mean_questions", round(meanQuestions));
            m.put("max_questions", maxQuestions);
            m.put("n", n);
            m.put("resolved_without_question", round(resolvedWithoutQuestion));
            m.put("reachable", reachable);
            m.put("accuracy_reachable", round(accuracyReachable));
            m.put("errors", errors);
            return m;
        }
    }

    private final SimulatedUser.Kind user;
    private final Map<StrategyName, StrategyMetrics> metrics = new LinkedHashMap<>();
    private final List<ClarifyRun.Trial> trials;
    private final Map<String, Object> run;

    public ClarifyReport(SimulatedUser.Kind user, List<StrategyName> strategies, List<ClarifyRun.Trial> trials,
                         Map<String, Object> run) {
        this.user = user;
        this.trials = trials;
        this.run = run;
        for (StrategyName s : strategies) {
            metrics.put(s, StrategyMetrics.of(trials.stream().filter(t -> t.strategy() == s).toList()));
        }
    }

    /** {@code {"user", "strategies": {NAME: {"accuracy", "mean_questions", "max_questions", "n", ...}}, "run"}}. */
    public Map<String, Object> json() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("user", user.name().toLowerCase(Locale.ROOT));
        Map<String, Object> s = new LinkedHashMap<>();
        metrics.forEach((k, v) -> s.put(k.cli(), v.toJson()));
        doc.put("strategies", s);
        doc.put("run", run);
        return doc;
    }

    public void write(Path dir) throws IOException {
        ReportFiles.writeJson(dir.resolve("report.json"), json());
        List<Map<String, Object>> lines = new ArrayList<>();
        for (ClarifyRun.Trial t : trials) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", t.id());
            m.put("gold", t.gold());
            m.put("strategy", t.strategy().cli());
            m.put("reachable", t.reachable());
            m.put("accurate", t.result().accurate());
            m.put("questions", t.result().questions());
            m.put("final_sql", t.result().finalSql());
            m.put("error", t.result().error());
            lines.add(m);
        }
        ReportFiles.writeJsonLines(dir.resolve("dialogues.jsonl"), lines);
        ReportFiles.writeText(dir.resolve("report.md"), markdown());
        List<String> cats = new ArrayList<>();
        metrics.forEach((k, v) -> cats.add(String.format(Locale.ROOT, "%s (%.2f q)", k.cli(), v.meanQuestions())));
        new BarChart("Clarification with a " + user.name().toLowerCase(Locale.ROOT) + " user", "%", cats)
                .series("accuracy", metrics.values().stream().map(StrategyMetrics::accuracy).toList())
                .series("resolved without a question",
                        metrics.values().stream().map(StrategyMetrics::resolvedWithoutQuestion).toList())
                .savePng(dir.resolve("clarify.png"), 100.0);
    }

    String markdown() {
        StringBuilder md = new StringBuilder("# Clarification report\n\n");
        md.append("User: **").append(user.name().toLowerCase(Locale.ROOT)).append("**. Data: `").append(run.get("data"))
                .append("`, ").append(run.get("examples")).append(" ambiguous examples, one dialogue per distinct gold "
                        + "(the user's intent) and strategy. Accuracy: the final SQL's result equals the intended gold's "
                        + "(reference comparison rule). *Reachable*: some candidate returned by Interpret has the intended "
                        + "result.\n\n");
        md.append("| strategy | n | accuracy | mean questions | max questions | resolved without a question | reachable | accuracy (reachable) | errors |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        metrics.forEach((k, m) -> md.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %.2f | %d | %.1f | %d | %.1f | %d |%n",
                k.cli(), m.n(), m.accuracy(), m.meanQuestions(), m.maxQuestions(), m.resolvedWithoutQuestion(),
                m.reachable(), m.accuracyReachable(), m.errors())));
        md.append('\n').append(goals()).append("\n![clarify](clarify.png)\n");
        return md.toString();
    }

    /** The goals: helpful users ≥ 90 % accuracy with ≤ 1.5 questions; EIG ahead of random and max-prob. */
    String goals() {
        StrategyMetrics eig = metrics.get(StrategyName.EIG);
        if (eig == null) {
            return "";
        }
        StringBuilder md = new StringBuilder("## Goals\n\n");
        if (user == SimulatedUser.Kind.HELPFUL) {
            md.append(verdict("EIG accuracy ≥ 90 %", eig.accuracy() >= GOAL_ACCURACY,
                    String.format(Locale.ROOT, "%.1f %% (short by %.1f points)", eig.accuracy(), GOAL_ACCURACY - eig.accuracy())));
            md.append(verdict("EIG mean questions ≤ 1.5", eig.meanQuestions() <= GOAL_MEAN_QUESTIONS,
                    String.format(Locale.ROOT, "%.2f (over by %.2f)", eig.meanQuestions(), eig.meanQuestions() - GOAL_MEAN_QUESTIONS)));
        }
        for (StrategyName other : List.of(StrategyName.RANDOM, StrategyName.MAX_PROB)) {
            StrategyMetrics o = metrics.get(other);
            if (o != null) {
                boolean ahead = eig.accuracy() > o.accuracy()
                        || (eig.accuracy() == o.accuracy() && eig.meanQuestions() < o.meanQuestions());
                md.append(verdict("EIG ahead of " + other.cli(), ahead, String.format(Locale.ROOT,
                        "EIG %.1f %% / %.2f q vs %.1f %% / %.2f q", eig.accuracy(), eig.meanQuestions(), o.accuracy(),
                        o.meanQuestions())));
            }
        }
        return md.toString();
    }

    private static String verdict(String goal, boolean met, String detail) {
        return "- " + goal + ": " + (met ? "met" : "**missed**") + " — " + detail + "\n";
    }

    public String summaryText() {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "user: %s%n%-11s %5s %8s %7s %5s %8s%n",
                user.name().toLowerCase(Locale.ROOT), "strategy", "n", "accuracy", "mean_q", "max_q", "no_q(%)"));
        metrics.forEach((k, m) -> s.append(String.format(Locale.ROOT, "%-11s %5d %8.1f %7.2f %5d %8.1f%n", k.cli(), m.n(),
                m.accuracy(), m.meanQuestions(), m.maxQuestions(), m.resolvedWithoutQuestion())));
        return s.toString().stripTrailing();
    }

    static double round(double v) {
        return Math.round(v * 1e4) / 1e4;
    }
}

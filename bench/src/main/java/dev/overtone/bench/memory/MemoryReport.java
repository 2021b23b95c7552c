package dev.overtone.bench.memory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

import dev.overtone.bench.report.ReportFiles;

/** The memory report: the four parts of the protocol and the recall cost, against issue 36's goals (report.json, report.md). */
final class MemoryReport {
    /** Issue 36: a memory lookup adds at most this much to an Interpret's p50. */
    static final double GOAL_ADDED_P50_MS = 2.0;

    private final List<MemoryTrials.Case> cases;
    private final MemoryCost.Figures cost;
    private final Map<String, Object> run;

    MemoryReport(List<MemoryTrials.Case> cases, MemoryCost.Figures cost, Map<String, Object> run) {
        this.cases = cases;
        this.cost = cost;
        this.run = run;
    }

    Map<String, Object> toJson() {
        List<MemoryTrials.Repeat> repeats = cases.stream().flatMap(c -> c.repeats().stream()).toList();
        List<MemoryTrials.Repeat> reachable = repeats.stream().filter(MemoryTrials.Repeat::reachable).toList();
        List<MemoryTrials.Isolation> isolations = cases.stream().flatMap(c -> c.isolations().stream()).toList();
        List<MemoryTrials.Sibling> siblings = cases.stream().flatMap(c -> c.siblings().stream()).toList();
        List<MemoryTrials.Transfer> transfers = cases.stream().flatMap(c -> c.transfers().stream()).toList();
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Object> repeat = new LinkedHashMap<>();
        repeat.put("questions", repeats.size());
        repeat.put("reachable", reachable.size());
        repeat.put("resolved_by_dialogue", pct(reachable, MemoryTrials.Repeat::resolved));
        repeat.put("remembered_first", pct(reachable, MemoryTrials.Repeat::rememberedFirst));
        repeat.put("no_question", pct(reachable, MemoryTrials.Repeat::noQuestion));
        repeat.put("not_ambiguous", pct(reachable, MemoryTrials.Repeat::notAmbiguous));
        repeat.put("memory_applied", pct(reachable, MemoryTrials.Repeat::applied));
        out.put("repeat", repeat);
        Map<String, Object> isolation = new LinkedHashMap<>();
        isolation.put("questions", isolations.size());
        isolation.put("identical_to_memory_off", pct(isolations, MemoryTrials.Isolation::identical));
        isolation.put("with_remembered", isolations.stream().filter(MemoryTrials.Isolation::anyRemembered).count());
        out.put("isolation", isolation);
        Map<String, Object> noHarm = new LinkedHashMap<>();
        noHarm.put("all", siblings(siblings));
        noHarm.put("contradicting", siblings(siblings.stream().filter(MemoryTrials.Sibling::contradicts).toList()));
        out.put("no_harm", noHarm);
        Map<String, Object> transfer = new LinkedHashMap<>();
        transfer.put("all", transfers(transfers));
        transfer.put("reachable", transfers(transfers.stream().filter(MemoryTrials.Transfer::reachable).toList()));
        transfer.put("sharing_the_choice", transfers(transfers.stream().filter(MemoryTrials.Transfer::sharesChoice).toList()));
        out.put("transfer", transfer);
        out.put("cost", cost == null ? null : cost.toJson());
        out.put("errors", cases.stream().filter(c -> c.error() != null).map(c -> c.database() + ": " + c.error()).toList());
        out.put("run", run);
        return out;
    }

    private static Map<String, Object> siblings(List<MemoryTrials.Sibling> s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", s.size());
        m.put("first_on", pct(s, MemoryTrials.Sibling::firstOn));
        m.put("first_off", pct(s, MemoryTrials.Sibling::firstOff));
        m.put("shown_on", pct(s, MemoryTrials.Sibling::shownOn));
        m.put("shown_off", pct(s, MemoryTrials.Sibling::shownOff));
        m.put("memory_applied", pct(s, MemoryTrials.Sibling::applied));
        return m;
    }

    private static Map<String, Object> transfers(List<MemoryTrials.Transfer> t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", t.size());
        m.put("mean_questions_on", mean(t, MemoryTrials.Transfer::questionsOn));
        m.put("mean_questions_off", mean(t, MemoryTrials.Transfer::questionsOff));
        m.put("first_on", pct(t, MemoryTrials.Transfer::firstOn));
        m.put("first_off", pct(t, MemoryTrials.Transfer::firstOff));
        return m;
    }

    /** The goals, each met or not, in words. */
    List<String> goals() {
        Map<String, Object> j = toJson();
        List<String> lines = new ArrayList<>();
        Map<?, ?> repeat = (Map<?, ?>) j.get("repeat");
        lines.add(goal("repeat: remembered reading first in 100 %", num(repeat, "remembered_first") >= 100.0, repeat.get("remembered_first") + " %"));
        lines.add(goal("repeat: no question asked in 100 %", num(repeat, "no_question") >= 100.0, repeat.get("no_question") + " %"));
        Map<?, ?> isolation = (Map<?, ?>) j.get("isolation");
        lines.add(goal("isolation: identical to memory off in 100 %", num(isolation, "identical_to_memory_off") >= 100.0,
                isolation.get("identical_to_memory_off") + " %"));
        Map<?, ?> harm = (Map<?, ?>) ((Map<?, ?>) j.get("no_harm")).get("all");
        lines.add(goal("no harm: first-reading accuracy not lower", num(harm, "first_on") >= num(harm, "first_off"),
                harm.get("first_on") + " % vs " + harm.get("first_off") + " % off"));
        lines.add(goal("no harm: shown holds the right reading not lower", num(harm, "shown_on") >= num(harm, "shown_off"),
                harm.get("shown_on") + " % vs " + harm.get("shown_off") + " % off"));
        Map<?, ?> transfer = (Map<?, ?>) ((Map<?, ?>) j.get("transfer")).get("all");
        lines.add(goal("transfer: fewer questions", num(transfer, "mean_questions_on") < num(transfer, "mean_questions_off"),
                transfer.get("mean_questions_on") + " vs " + transfer.get("mean_questions_off") + " off"));
        lines.add(goal("transfer: first-reading accuracy up", num(transfer, "first_on") > num(transfer, "first_off"),
                transfer.get("first_on") + " % vs " + transfer.get("first_off") + " % off"));
        if (cost != null) {
            lines.add(goal("recall adds <= 2 ms to the p50", cost.addedP50Ms() <= GOAL_ADDED_P50_MS,
                    String.format(Locale.ROOT, "%.2f ms", cost.addedP50Ms())));
            lines.add(goal("recall asked (memory token) adds <= 2 ms to the p50", cost.askedAddedP50Ms() <= GOAL_ADDED_P50_MS,
                    String.format(Locale.ROOT, "%.2f ms", cost.askedAddedP50Ms())));
        }
        return lines;
    }

    void write(Path dir) throws IOException {
        ReportFiles.writeJson(dir.resolve("report.json"), toJson());
        ReportFiles.writeJsonLines(dir.resolve("cases.jsonl"), cases.stream().map(c -> Map.<String, Object>of("database", c.database(),
                "repeats", c.repeats(), "isolations", c.isolations(), "siblings", c.siblings(), "transfers", c.transfers(),
                "error", String.valueOf(c.error()))).toList());
        StringBuilder md = new StringBuilder("# Memory (issue 36)\n\n");
        goals().forEach(g -> md.append("- ").append(g).append('\n'));
        md.append("\n```json\n").append(ReportFiles.JSON.writeValueAsString(toJson())).append("\n```\n");
        ReportFiles.writeText(dir.resolve("report.md"), md.toString());
    }

    String summaryText() {
        return "memory: " + String.join("\n        ", goals());
    }

    private static String goal(String what, boolean met, String figure) {
        return (met ? "met     " : "missed  ") + what + ": " + figure;
    }

    private static double num(Map<?, ?> m, String key) {
        return ((Number) m.get(key)).doubleValue();
    }

    private static <T> double pct(List<T> items, Predicate<T> yes) {
        return items.isEmpty() ? 0.0 : Math.round(1000.0 * items.stream().filter(yes).count() / items.size()) / 10.0;
    }

    private static <T> double mean(List<T> items, java.util.function.ToIntFunction<T> f) {
        return items.isEmpty() ? 0.0 : Math.round(100.0 * items.stream().mapToInt(f).sum() / items.size()) / 100.0;
    }
}

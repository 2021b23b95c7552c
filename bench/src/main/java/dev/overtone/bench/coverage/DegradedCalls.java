package dev.overtone.bench.coverage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import dev.overtone.bench.load.LatencyStats;

/**
 * The LLM side of a coverage run: the latencies of the stages that call a model (defaults, parse)
 * and every call that came back degraded — a warning from a stage that fell back, or a reading that
 * failed — as well as the calls that failed outright.
 */
public final class DegradedCalls {

    /** The stages whose time is (mostly) a model's: the default interpretations and their parsing. */
    static final List<String> LLM_STAGES = List.of("defaults", "parse");

    /** Warning prefixes of stages that fell back to less (the interpreter's README lists them). */
    static final List<String> DEGRADED_PREFIXES = List.of("defaults:", "infill:", "infill-svc degraded:", "analyze:",
            "verbalize:", "clarify:");

    /** One degraded or failed call, with every reason it gave. */
    public record Call(String id, List<String> reasons) {
    }

    private final String mode;
    private final Map<String, LatencyStats> stages = new LinkedHashMap<>();
    private final List<Call> calls = new ArrayList<>();
    private final Map<String, Integer> byReason = new TreeMap<>();

    public DegradedCalls(String mode, List<CoverageRun.Outcome> outcomes) {
        this.mode = mode;
        for (String stage : LLM_STAGES) {
            double[] ms = outcomes.stream().filter(o -> o.stageMicros().containsKey(stage))
                    .mapToDouble(o -> o.stageMicros().get(stage) / 1000.0).toArray();
            stages.put(stage, new LatencyStats(ms));
        }
        for (CoverageRun.Outcome o : outcomes) {
            List<String> reasons = new ArrayList<>();
            if (o.failure() != null) {
                reasons.add("failed: " + o.failure());
            }
            o.warnings().stream().filter(DegradedCalls::degrading).forEach(reasons::add);
            o.failedReadings().forEach(f -> reasons.add("reading " + f));
            if (!reasons.isEmpty()) {
                calls.add(new Call(o.example().id(), List.copyOf(reasons)));
                reasons.stream().map(DegradedCalls::kind).distinct().forEach(k -> byReason.merge(k, 1, Integer::sum));
            }
        }
    }

    static boolean degrading(String warning) {
        return DEGRADED_PREFIXES.stream().anyMatch(warning::startsWith);
    }

    /** A reason without its particulars (quoted text, numbers, addresses), to count calls per kind. */
    static String kind(String reason) {
        String k = reason.replaceAll("\\s*\\[reading: .*\\]$", "").replaceAll("'[^']*'|\"[^\"]*\"|`[^`]*`", "…").replaceAll("\\d+(\\.\\d+)?", "N");
        int cut = k.indexOf(';');
        k = cut > 0 ? k.substring(0, cut) : k;
        return k.length() > 140 ? k.substring(0, 140) + "…" : k;
    }

    public List<Call> calls() {
        return calls;
    }

    public Map<String, Object> json() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("defaults", mode);
        Map<String, Object> st = new LinkedHashMap<>();
        stages.forEach((name, s) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("calls", s.count());
            m.put("mean_ms", round(s.mean()));
            m.put("p50_ms", round(s.percentile(50)));
            m.put("p99_ms", round(s.percentile(99)));
            m.put("max_ms", round(s.max()));
            st.put(name, m);
        });
        doc.put("stages", st);
        doc.put("degraded_calls", calls.size());
        doc.put("degraded_by_reason", byReason);
        List<Map<String, Object>> list = new ArrayList<>();
        for (Call c : calls) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", c.id());
            m.put("reasons", c.reasons());
            list.add(m);
        }
        doc.put("degraded", list);
        return doc;
    }

    public String markdown() {
        StringBuilder md = new StringBuilder("## Defaults mode and LLM stages\n\n");
        md.append("Defaults: **").append(mode).append("** (")
                .append(mode.equals("llm") ? "the question alone; the suite's LLM wrote and parsed the default interpretations"
                        : "every recorded default SQL sent as a caller default")
                .append(").\n\n");
        md.append("| stage | Interpret calls with it | mean ms | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|\n");
        stages.forEach((name, s) -> md.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %.1f | %.1f | %.1f |%n", name,
                s.count(), s.mean(), s.percentile(50), s.percentile(99), s.max())));
        md.append("\nStage times are the interpreter's own (`timings`), summed over the stage's rounds in one call.\n\n");
        md.append("## Degraded calls (").append(calls.size()).append(")\n\n");
        if (calls.isEmpty()) {
            return md.append("None.\n\n").toString();
        }
        md.append("| reason | calls |\n|---|---:|\n");
        byReason.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .forEach(e -> md.append("| ").append(e.getKey().replace("|", "\\|")).append(" | ").append(e.getValue()).append(" |\n"));
        md.append("\nEvery degraded call:\n\n");
        for (Call c : calls) {
            md.append("- `").append(c.id()).append("`: ").append(String.join("; ", c.reasons()).replace("\n", " ")).append('\n');
        }
        return md.append('\n').toString();
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}

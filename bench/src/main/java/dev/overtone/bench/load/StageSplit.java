package dev.overtone.bench.load;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The whole call's latency split by whether the call ran a stage: a stage that runs on a few calls (memory's recall)
 * hardly moves the overall p50, so what it adds to the calls that run it is read here, beside the calls that do not.
 */
final class StageSplit {
    private StageSplit() {
    }

    /** Per stage seen: {@code {"with": {"calls", "p50_ms"}, "without": {...}}}, over successful calls. */
    static Map<String, Object> of(List<LoadRun.Call> ok) {
        TreeSet<String> names = new TreeSet<>();
        ok.forEach(c -> names.addAll(c.stageMillis().keySet()));
        Map<String, Object> out = new LinkedHashMap<>();
        for (String stage : names) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("with", p50(ok.stream().filter(c -> c.stageMillis().containsKey(stage)).toList()));
            m.put("without", p50(ok.stream().filter(c -> !c.stageMillis().containsKey(stage)).toList()));
            out.put(stage, m);
        }
        return out;
    }

    private static Map<String, Object> p50(List<LoadRun.Call> calls) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("calls", calls.size());
        if (calls.isEmpty()) {
            return m; // no p50 of no calls: a reader's fallback (memory_push.sh's jq `//`) sees it absent, not 0
        }
        m.put("p50_ms", LoadRun.round(new LatencyStats(calls.stream().mapToDouble(LoadRun.Call::millis).toArray()).percentile(50)));
        return m;
    }
}

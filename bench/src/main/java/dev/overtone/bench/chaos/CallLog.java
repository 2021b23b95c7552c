package dev.overtone.bench.chaos;

import dev.overtone.bench.load.LoadRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The chaos run's calls as {@code calls.jsonl} lines. */
final class CallLog {

    private CallLog() {
    }

    /**
     * Every call, to see where an event's slow calls were and in which stage: its end (seconds since the run's start,
     * {@code started_epoch_ms} in the report), milliseconds, status, per-stage milliseconds and degradations.
     */
    static List<Map<String, Object>> lines(Iterable<LoadRun.Call> calls) {
        List<Map<String, Object>> lines = new ArrayList<>();
        for (LoadRun.Call call : calls) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("end_s", Math.round(call.endSecond() * 1000) / 1000.0);
            line.put("ms", Math.round(call.millis() * 10) / 10.0);
            line.put("status", call.status());
            line.put("stages", call.stageMillis());
            line.put("degraded", call.degradations());
            lines.add(line);
        }
        return lines;
    }
}

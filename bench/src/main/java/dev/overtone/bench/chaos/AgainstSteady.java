package dev.overtone.bench.chaos;

import dev.overtone.bench.load.LoadRun;
import dev.overtone.bench.report.LoadAverage;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an event's row says against the steady window: its p99 as a multiple of the steady p99 (issue 33's goal: at most
 * 2), and how many of its calls took longer than twice the steady p99. The count is what a longer event does not dilute:
 * a rolling restart that waits for each new replica to warm up lasts longer, and more fast calls lower its p99 without
 * one slow call fewer. Each row also gets the machine's load average when it was taken (a shared machine's other work
 * shows there).
 */
final class AgainstSteady {

    private AgainstSteady() {
    }

    static void add(Map<String, Object> row, Map<String, Object> steady, List<LoadRun.Call> during) {
        double steadyP99 = (Double) steady.get("p99_ms");
        double p99 = (Double) row.get("p99_ms");
        row.put("p99_vs_steady", steadyP99 == 0 ? 0.0 : Math.round(p99 / steadyP99 * 100) / 100.0);
        row.put("calls_over_2x_steady_p99", during.stream().filter(call -> call.millis() > 2 * steadyP99).count());
    }

    static void addLoadAverage(Map<String, Object> row) {
        row.put("load_average", LoadAverage.now());
    }

    /** The line's ending: the figures above, where the row has them. */
    static String line(Map<String, Object> row) {
        String line = row.get("load_average") instanceof String load ? "; load average " + load : "";
        if (row.get("p99_vs_steady") instanceof Double ratio) {
            line += String.format(Locale.ROOT, "; p99 %.2fx steady, %s calls over 2x the steady p99", ratio,
                    row.get("calls_over_2x_steady_p99"));
        }
        return line;
    }
}

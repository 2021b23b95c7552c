package dev.overtone.bench.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The measured run cut into consecutive windows, so a report shows whether the suite was steady. A suite
 * started minutes ago is not: on two cores its five JIT compilers take about two and a half minutes of
 * load to settle, and throughput rises through all of it.
 */
final class LoadWindows {
    /** Length of one window. */
    static final int WINDOW_SECONDS = 10;
    /**
     * The later half's mean throughput over the earlier half's above which the run was still warming up.
     * Chosen from two runs on the 2-core machine: halves of a warm suite differed by at most 15 %, while a
     * suite in its first minutes of load doubled its throughput from one 30 s window to the next.
     */
    static final double RISING_RATIO = 1.25;

    private LoadWindows() {
    }

    /** One entry per window: {@code from_s}, {@code to_s}, {@code throughput_rps}, {@code p50_ms}, {@code p99_ms}. */
    static List<Map<String, Object>> of(List<LoadRun.Call> okCalls, int seconds) {
        int count = Math.max(1, (seconds + WINDOW_SECONDS - 1) / WINDOW_SECONDS);
        List<List<Double>> latencies = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            latencies.add(new ArrayList<>());
        }
        for (LoadRun.Call call : okCalls) {
            int index = Math.min(count - 1, Math.max(0, (int) (call.endSecond() / WINDOW_SECONDS)));
            latencies.get(index).add(call.millis());
        }
        List<Map<String, Object>> windows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int from = i * WINDOW_SECONDS;
            int to = Math.min(seconds, from + WINDOW_SECONDS);
            LatencyStats stats = new LatencyStats(latencies.get(i).stream().mapToDouble(Double::doubleValue).toArray());
            Map<String, Object> window = new LinkedHashMap<>();
            window.put("from_s", from);
            window.put("to_s", to);
            window.put("throughput_rps", LoadRun.round(stats.count() / (double) Math.max(1, to - from)));
            window.put("p50_ms", LoadRun.round(stats.percentile(50)));
            window.put("p99_ms", LoadRun.round(stats.percentile(99)));
            windows.add(window);
        }
        return windows;
    }

    /** Whether the later half of the windows served {@link #RISING_RATIO} times the earlier half's rate or more. */
    static boolean stillRising(List<Map<String, Object>> windows) {
        if (windows.size() < 2) {
            return false;
        }
        int half = windows.size() / 2;
        double earlier = meanThroughput(windows.subList(0, half));
        double later = meanThroughput(windows.subList(windows.size() - half, windows.size()));
        return later >= RISING_RATIO * earlier && later > 0;
    }

    private static double meanThroughput(List<Map<String, Object>> windows) {
        return windows.stream().mapToDouble(w -> (Double) w.get("throughput_rps")).average().orElse(0);
    }
}

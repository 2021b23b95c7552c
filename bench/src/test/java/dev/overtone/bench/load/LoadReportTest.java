package dev.overtone.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Percentiles and the load report's shape. */
class LoadReportTest {

    @Test
    void nearestRankPercentiles() {
        double[] v = new double[100];
        for (int i = 0; i < 100; i++) {
            v[i] = 100 - i;
        }
        LatencyStats s = new LatencyStats(v);
        assertThat(s.percentile(50)).isEqualTo(50.0);
        assertThat(s.percentile(90)).isEqualTo(90.0);
        assertThat(s.percentile(99)).isEqualTo(99.0);
        assertThat(s.percentile(100)).isEqualTo(100.0);
        assertThat(new LatencyStats(new double[0]).percentile(99)).isZero();
    }

    @Test
    void reportHasTheIssueShape() {
        List<LoadRun.Call> calls = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            calls.add(new LoadRun.Call(i, "OK", Map.of("execute", i / 2.0, "parse", 1.0), null, i / 2.0));
        }
        calls.add(new LoadRun.Call(3, "UNAVAILABLE", Map.of(), "executor-svc down", 5));
        calls.add(new LoadRun.Call(3, "UNAVAILABLE", Map.of(), "executor-svc down", 5));
        Map<String, Object> r = LoadRun.report(calls, 10);
        assertThat(r.keySet()).startsWith("throughput_rps", "p50_ms", "p90_ms", "p99_ms", "errors", "stages");
        assertThat(r.get("throughput_rps")).isEqualTo(2.0);
        assertThat(r.get("p50_ms")).isEqualTo(10.0);
        assertThat(r.get("p99_ms")).isEqualTo(20.0);
        assertThat(r.get("errors")).isEqualTo(Map.of("UNAVAILABLE", 2));
        assertThat(r.get("error_samples")).isEqualTo(Map.of("UNAVAILABLE", "executor-svc down"));
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> stages = (Map<String, Map<String, Object>>) r.get("stages");
        assertThat(stages).containsOnlyKeys("execute", "parse");
        assertThat(stages.get("execute").get("p99_ms")).isEqualTo(10.0);
        assertThat(LoadRun.markdown(r, 16)).contains("throughput: **missed** by 148.0 req/s", "p99: met");
        assertThat(LoadRun.markdown(r, 1)).contains("p50: met", "p99: met");
    }

    @Test
    void windowsShowARunThatWasStillWarmingUp() {
        List<LoadRun.Call> rising = new ArrayList<>();
        List<LoadRun.Call> steady = new ArrayList<>();
        for (int second = 0; second < 40; second++) {
            int risingRate = 1 + second / 10; // 1, 2, 3, 4 calls a second in the four windows
            for (int k = 0; k < risingRate; k++) {
                rising.add(new LoadRun.Call(100.0 / risingRate, "OK", Map.of(), null, second + k / (double) risingRate));
            }
            for (int k = 0; k < 3; k++) {
                steady.add(new LoadRun.Call(50, "OK", Map.of(), null, second + k / 3.0));
            }
        }
        Map<String, Object> warming = LoadRun.report(rising, 40);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> windows = (List<Map<String, Object>>) warming.get("windows");
        assertThat(windows).extracting(w -> w.get("throughput_rps")).containsExactly(1.0, 2.0, 3.0, 4.0);
        assertThat(windows).extracting(w -> w.get("p50_ms")).containsExactly(100.0, 50.0, 33.333, 25.0);
        assertThat(warming.get("still_warming")).isEqualTo(true);
        assertThat(LoadRun.summary(warming)).contains("per 10 s: 1.0, 2.0, 3.0, 4.0 req/s", "not the steady state");

        Map<String, Object> warm = LoadRun.report(steady, 40);
        assertThat(warm.get("still_warming")).isEqualTo(false);
        assertThat(LoadRun.summary(warm)).doesNotContain("steady state");
    }

    @Test
    void aCallEndingAfterTheRunIsCountedInTheLastWindow() {
        List<LoadRun.Call> calls = List.of(new LoadRun.Call(10, "OK", Map.of(), null, 25.4));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> windows = (List<Map<String, Object>>) LoadRun.report(calls, 25).get("windows");
        assertThat(windows).extracting(w -> w.get("to_s")).containsExactly(10, 20, 25);
        assertThat(windows.get(2).get("throughput_rps")).isEqualTo(0.2);
    }

    @Test
    void demoRequestsAskTheHotelQuestionWithCallerSql() {
        LoadRun run = new LoadRun(null, 1, 1, 0, 1, "demo", "hotels", null, 0, null, true, List.of());
        assertThat(run.demoRequests()).first().satisfies(r -> {
            assertThat(r.getTenant()).isEqualTo("demo");
            assertThat(r.getDatabase()).isEqualTo("hotels");
            assertThat(r.getQuestion()).isEqualTo("return the rating of each hotel");
            assertThat(r.getDefaults(0).getSql()).isEqualTo("SELECT name, stars FROM hotels");
        });
    }
}

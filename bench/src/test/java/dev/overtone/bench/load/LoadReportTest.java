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
            calls.add(new LoadRun.Call(i, "OK", Map.of("execute", i / 2.0, "parse", 1.0), null));
        }
        calls.add(new LoadRun.Call(3, "UNAVAILABLE", Map.of(), "executor-svc down"));
        calls.add(new LoadRun.Call(3, "UNAVAILABLE", Map.of(), "executor-svc down"));
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
        assertThat(LoadRun.markdown(r)).contains("**missed** by 198.0 req/s");
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

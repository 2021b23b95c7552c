package dev.overtone.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.bench.load.LoadRun;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An event against the steady window: p99 as a multiple of the steady one, and the calls over twice the steady p99. */
class AgainstSteadyTest {

    @Test
    void anEventSaysItsP99AgainstTheSteadyOneAndCountsItsCallsOverTwiceTheSteadyP99() {
        List<LoadRun.Call> calls = List.of(call(100, 11.0), call(200, 12.0), call(201, 13.0), call(900, 14.0), call(5000, 40.0));
        Map<String, Object> steady = ChaosRun.row("steady", 0.0, 10.0, List.of(call(100, 5.0)), Map.of());
        Map<String, Object> event = ChaosRun.row("kill -9 infill-svc replica 0", 10.0, 20.0, calls, Map.of());

        AgainstSteady.add(event, steady, ChaosRun.overlapping(calls, 10.0, 20.0));

        assertThat(event).containsEntry("p99_vs_steady", 9.0).containsEntry("calls_over_2x_steady_p99", 2L);
        assertThat(ChaosRun.line(event)).contains("p99 9.00x steady, 2 calls over 2x the steady p99");
    }

    @Test
    void aRowSaysTheLoadAverageWhenItWasTaken() {
        Map<String, Object> steady = ChaosRun.row("steady", 0.0, 10.0, List.of(call(100, 5.0)), Map.of());

        AgainstSteady.addLoadAverage(steady);

        assertThat((String) steady.get("load_average")).matches("[0-9.]+ [0-9.]+ [0-9.]+");
        assertThat(ChaosRun.line(steady)).contains("; load average ");
    }

    private static LoadRun.Call call(double millis, double endSecond) {
        return new LoadRun.Call(millis, "OK", Map.of(), null, endSecond);
    }
}

package dev.overtone.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The whole call's p50 split by whether the call ran a stage, counted by hand. */
class StageSplitTest {

    @Test
    @SuppressWarnings("unchecked")
    void eachStageSplitsTheCallsThatRanItFromTheRest() {
        List<LoadRun.Call> ok = List.of(
                call(100, Map.of("execute", 5.0, "recall", 20.0)),
                call(140, Map.of("execute", 5.0, "recall", 30.0)),
                call(60, Map.of("execute", 5.0)),
                call(70, Map.of("execute", 5.0)),
                call(80, Map.of("execute", 5.0)));
        Map<String, Object> split = StageSplit.of(ok);

        Map<String, Map<String, Object>> recall = (Map<String, Map<String, Object>>) split.get("recall");
        assertThat(recall.get("with")).containsEntry("calls", 2).containsEntry("p50_ms", 100.0);
        assertThat(recall.get("without")).containsEntry("calls", 3).containsEntry("p50_ms", 70.0);
        Map<String, Map<String, Object>> execute = (Map<String, Map<String, Object>>) split.get("execute");
        assertThat(execute.get("with")).containsEntry("calls", 5).containsEntry("p50_ms", 80.0);
        assertThat(execute.get("without")).containsEntry("calls", 0).doesNotContainKey("p50_ms");
    }

    private static LoadRun.Call call(double millis, Map<String, Double> stages) {
        return new LoadRun.Call(millis, "OK", stages, null, 1.0);
    }
}

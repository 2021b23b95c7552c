package dev.overtone.bench.memory;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.overtone.bench.client.Suite;
import dev.overtone.bench.load.LatencyStats;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.MemoryToken;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;

/**
 * What reading the memory costs an Interpret: one question asked in a tenant that remembers a choice for it, memory on,
 * off, and on with the tenant's memory token (which always asks Recall) in turn (so all meet the same load), one call at
 * a time after unmeasured warm-up rounds; the p50 of each and of the recall stage's own time.
 */
final class MemoryCost {

    /**
     * The measured figures, in milliseconds: on (the question asked again unchanged: interpreter-svc answers from the
     * Recall it kept), off, and asked (the same call with the tenant's memory token, which always asks Recall: what a
     * question with readings not seen since the database last changed costs).
     */
    record Figures(int pairs, double p50OnMs, double p50OffMs, double p50AskedMs, double recallStageP50Ms, double recallStageP99Ms,
            double askedStageP50Ms) {
        double addedP50Ms() {
            return p50OnMs - p50OffMs;
        }

        double askedAddedP50Ms() {
            return p50AskedMs - p50OffMs;
        }

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("pairs", pairs);
            m.put("p50_on_ms", round(p50OnMs));
            m.put("p50_off_ms", round(p50OffMs));
            m.put("added_p50_ms", round(addedP50Ms()));
            m.put("p50_asked_ms", round(p50AskedMs));
            m.put("asked_added_p50_ms", round(askedAddedP50Ms()));
            m.put("asked_recall_stage_p50_ms", round(askedStageP50Ms));
            m.put("recall_stage_p50_ms", round(recallStageP50Ms));
            m.put("recall_stage_p99_ms", round(recallStageP99Ms));
            return m;
        }

        private static double round(double v) {
            return Math.round(v * 1000.0) / 1000.0;
        }
    }

    private MemoryCost() {
    }

    static Figures measure(Suite suite, long deadlineMs, InterpretRequest remembered, int pairs, int warmup) {
        InterpretRequest off = remembered.toBuilder().setOptions(remembered.getOptions().toBuilder().setIgnoreMemory(true)).build();
        InterpretRequest asked = remembered.toBuilder()
                .setAfterChoice(MemoryToken.newBuilder().setTenant(remembered.getTenant()).setDatabase(remembered.getDatabase())).build();
        double[] on = new double[pairs];
        double[] without = new double[pairs];
        double[] withToken = new double[pairs];
        double[] stage = new double[pairs];
        double[] askedStage = new double[pairs];
        for (int k = -warmup; k < pairs; k++) {
            long t0 = System.nanoTime();
            InterpretResponse answer = suite.interpreter(deadlineMs).interpret(remembered);
            long t1 = System.nanoTime();
            suite.interpreter(deadlineMs).interpret(off);
            long t2 = System.nanoTime();
            InterpretResponse askedAnswer = suite.interpreter(deadlineMs).interpret(asked);
            long t3 = System.nanoTime();
            if (k >= 0) {
                on[k] = (t1 - t0) / 1e6;
                without[k] = (t2 - t1) / 1e6;
                withToken[k] = (t3 - t2) / 1e6;
                stage[k] = recallMs(answer);
                askedStage[k] = recallMs(askedAnswer);
            }
        }
        LatencyStats stageStats = new LatencyStats(stage);
        return new Figures(pairs, new LatencyStats(on).percentile(50), new LatencyStats(without).percentile(50),
                new LatencyStats(withToken).percentile(50), stageStats.percentile(50), stageStats.percentile(99),
                new LatencyStats(askedStage).percentile(50));
    }

    private static double recallMs(InterpretResponse answer) {
        return answer.getTimingsList().stream().filter(t -> t.getKind() == Stage.STAGE_RECALL).mapToLong(StageTiming::getMicros).sum() / 1000.0;
    }
}

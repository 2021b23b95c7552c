package dev.overtone.interpreter.bench;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.fake.Fakes;
import dev.overtone.interpreter.service.StageNames;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.StageTiming;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Latency harness, not a timed test (surefire runs only *Test; run it by hand with
 * {@code -Dtest=InterpretLatencyBench}). Seeded question with one caller SQL over real gRPC to the
 * in-process fake downstream services: measures the interpreter's own pipeline cost (gRPC hops,
 * grouping, infill loop, analyze, verbalize), not the engines'. Prints p50/p99 of the client-seen
 * latency and the mean per stage.
 */
@QuarkusTest
class InterpretLatencyBench {
    @GrpcClient("interpreter")
    InterpreterServiceGrpc.InterpreterServiceBlockingStub interpreter;

    @Test
    void seededQuestion() {
        Fakes.install();
        int warmup = Integer.getInteger("bench.warmup", 100);
        int calls = Integer.getInteger("bench.calls", 300);
        InterpretRequest request = InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setQuestion("return the rating of each hotel").addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS)).build();
        for (int i = 0; i < warmup; i++) {
            interpreter.interpret(request);
        }
        List<Long> micros = new ArrayList<>();
        Map<String, Long> stageSums = new TreeMap<>();
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            InterpretResponse answer = interpreter.interpret(request);
            micros.add((System.nanoTime() - start) / 1000);
            assertThat(answer.getInterpretationsCount()).isEqualTo(2);
            for (StageTiming t : answer.getTimingsList()) {
                stageSums.merge(StageNames.of(t.getKind()), t.getMicros(), Long::sum);
            }
        }
        Collections.sort(micros);
        System.out.printf("InterpretLatencyBench: %d calls, p50 %.2f ms, p99 %.2f ms, max %.2f ms%n", calls,
                micros.get(calls / 2) / 1000.0, micros.get((int) Math.ceil(calls * 0.99) - 1) / 1000.0, micros.get(calls - 1) / 1000.0);
        stageSums.forEach((stage, sum) -> System.out.printf("  stage %-10s mean %.3f ms%n", stage, sum / 1000.0 / calls));
    }
}

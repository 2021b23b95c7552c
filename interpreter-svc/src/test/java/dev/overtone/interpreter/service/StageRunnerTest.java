package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Stage;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The stage runner: one span, one timing and one pair of events per stage run, and the cut when the caller cancels. */
class StageRunnerTest {
    private final List<SpanData> spans = new ArrayList<>();
    private final List<String> events = new ArrayList<>();
    private final PipelineListener listener = new PipelineListener() {
        @Override
        public void stageStarted(Stage stage) {
            events.add("started " + StageNames.of(stage));
        }

        @Override
        public void stageFinished(Stage stage, long micros, String detail) {
            events.add("finished " + StageNames.of(stage) + ": " + detail);
        }
    };

    @Test
    void aStageGivesItsOutputSaysItsDetailAndIsItsOwnSpan() {
        StageRunner runner = runner(io.grpc.Context.ROOT);
        Integer out = runner.run(Stage.STAGE_EXECUTE, () -> 3, n -> n + " executed");
        assertThat(out).isEqualTo(3);
        assertThat(events).containsExactly("started execute", "finished execute: 3 executed");
        assertThat(spans).singleElement().satisfies(s -> {
            assertThat(s.getName()).isEqualTo("stage execute");
            assertThat(s.getAttributes().asMap().values()).contains("3 executed");
        });
    }

    @Test
    void timingsKeepTheOrderStagesFirstRanAndSumARepeatedStage() {
        StageRunner runner = runner(io.grpc.Context.ROOT);
        runner.run(Stage.STAGE_SCHEMA, () -> "", s -> "");
        runner.run(Stage.STAGE_EXECUTE, () -> "", s -> "");
        long first = runner.timings().get(Stage.STAGE_EXECUTE);
        runner.run(Stage.STAGE_INFILL, () -> "", s -> "");
        runner.run(Stage.STAGE_EXECUTE, () -> busy(), s -> "");
        assertThat(runner.timings().keySet()).containsExactly(Stage.STAGE_SCHEMA, Stage.STAGE_EXECUTE, Stage.STAGE_INFILL);
        assertThat(runner.timings().get(Stage.STAGE_EXECUTE)).isGreaterThan(first);
    }

    @Test
    void aCancelledCallRunsNoFurtherStage() {
        io.grpc.Context.CancellableContext call = io.grpc.Context.current().withCancellation();
        call.cancel(null);
        AtomicBoolean ran = new AtomicBoolean();
        assertThatThrownBy(() -> runner(call).run(Stage.STAGE_INFILL, () -> ran.getAndSet(true), r -> ""))
                .isInstanceOfSatisfying(CallCancelled.class, c -> assertThat(c.stage()).isEqualTo(Stage.STAGE_INFILL));
        assertThat(ran).isFalse();
        assertThat(events).isEmpty();
    }

    /** A downstream call cancelled mid-stage reads as that call's failure: the runner makes it the stage's cut. */
    @Test
    void aCancelDuringAStageIsThatStagesCut() {
        io.grpc.Context.CancellableContext call = io.grpc.Context.current().withCancellation();
        StageRunner runner = runner(call);
        assertThatThrownBy(() -> runner.run(Stage.STAGE_EXECUTE, () -> call.cancel(null), r -> "done"))
                .isInstanceOfSatisfying(CallCancelled.class, c -> assertThat(c.stage()).isEqualTo(Stage.STAGE_EXECUTE));
        assertThat(events).containsExactly("started execute");
        assertThat(runner.timings()).isEmpty();
        assertThat(spans).singleElement().satisfies(s -> assertThat(s.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR));
    }

    @Test
    void aDownstreamCallsDeadlineIsTheStageCapOrWhatIsLeft() {
        StageRunner runner = new StageRunner(tracer(), listener, Budget.of(null, Duration.ofSeconds(2), Duration.ZERO), io.grpc.Context.ROOT);
        assertThat(runner.deadlineMs(Duration.ofMillis(300))).isEqualTo(300);
        assertThat(runner.deadlineMs(Duration.ofSeconds(10))).isBetween(1L, 2000L);
    }

    private StageRunner runner(io.grpc.Context call) {
        return new StageRunner(tracer(), listener, Budget.of(null, Duration.ofSeconds(20), Duration.ZERO), call);
    }

    private io.opentelemetry.api.trace.Tracer tracer() {
        return SdkTracerProvider.builder().addSpanProcessor(new SpanProcessor() {
            @Override
            public void onStart(Context parentContext, ReadWriteSpan span) {
            }

            @Override
            public boolean isStartRequired() {
                return false;
            }

            @Override
            public void onEnd(ReadableSpan span) {
                spans.add(span.toSpanData());
            }

            @Override
            public boolean isEndRequired() {
                return true;
            }
        }).build().get("test");
    }

    /** Work that takes measurable time without sleeping: a stage's time is summed over its runs. */
    private static String busy() {
        long start = System.nanoTime();
        while (System.nanoTime() - start < 2_000_000) {
            Thread.onSpinWait();
        }
        return "";
    }
}

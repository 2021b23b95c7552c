package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Stage;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs the stages of one Interpret call: each as its own span (so a trace shows each stage and the downstream
 * calls it made), timed, announced to the listener, within the call's budget, and cut when the caller cancels.
 * Used from the call's own thread only.
 */
public final class StageRunner {
    private final Tracer tracer;
    private final PipelineListener listener;
    private final Budget budget;
    /** The Interpret call's gRPC context: cancelled when the caller cancels or its deadline passes. */
    private final io.grpc.Context call;
    /** Time per stage, in the order the stages first ran; a stage run again is summed. */
    private final Map<Stage, Long> timings = new LinkedHashMap<>();

    public StageRunner(Tracer tracer, PipelineListener listener, Budget budget, io.grpc.Context call) {
        this.tracer = tracer;
        this.listener = listener;
        this.budget = budget;
        this.call = call;
    }

    /** Runs {@code work} as {@code stage} and returns what it gave; {@code detail} says it in one line for the listener and the span. */
    public <O> O run(Stage stage, Supplier<O> work, Function<? super O, String> detail) {
        BoundedParallel.throwIfCancelled(call, stage);
        listener.stageStarted(stage);
        long start = System.nanoTime();
        Span span = tracer.spanBuilder("stage " + StageNames.of(stage)).startSpan();
        O output;
        String said;
        try (Scope ignored = span.makeCurrent()) {
            output = work.get();
            // a cancelled downstream call reads as that call's failure; the cut is this stage's
            BoundedParallel.throwIfCancelled(call, stage);
            said = String.valueOf(detail.apply(output));
            span.setAttribute("overtone.stage.detail", said);
        } catch (RuntimeException e) {
            span.recordException(e);
            span.setStatus(StatusCode.ERROR);
            throw e;
        } finally {
            span.end();
        }
        long micros = (System.nanoTime() - start) / 1000;
        timings.merge(stage, micros, Long::sum);
        listener.stageFinished(stage, micros, said);
        return output;
    }

    /** The deadline, in ms, of one downstream call of a stage capped at {@code cap}: the cap or what is left of the budget. */
    public long deadlineMs(Duration cap) {
        return budget.forStage(cap);
    }

    public PipelineListener listener() {
        return listener;
    }

    public Budget budget() {
        return budget;
    }

    public Map<Stage, Long> timings() {
        return Collections.unmodifiableMap(timings);
    }
}

package dev.overtone.interpreter.service;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.mapping.AnswerAssembler;
import dev.overtone.interpreter.mapping.RememberedReadings;
import dev.overtone.interpreter.ranking.MemoryBoost;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.Stage;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The stages that run on the assembled answer: recall (the tenant's remembered choices raise the readings that agree
 * with them, {@link RememberedReadings}) and then clarify (clarify-svc's Start on the readings in their final order).
 * Each adds its own time to the answer's timings; a failed one adds its setback and leaves the answer otherwise as it was.
 */
final class AnswerStages {
    /** clarify-svc's bound on one Remembers. */
    private static final int MAX_PROBE_SCOPES = 256;

    private final InterpreterConfig config;
    private final AnswerAssembler assembler;
    private final RecallStage recall;
    private final ClarifyStage clarify;
    private final RememberedReadings remembered;
    private final MemoryProbes probes;
    private final MemoryWatch watch;
    private final RecallOutcomes outcomes;
    private final long keepAfterChangeNanos;

    AnswerStages(InterpreterConfig config, AnswerAssembler assembler, StageCalls calls) {
        this.config = config;
        this.assembler = assembler;
        this.recall = new RecallStage(calls);
        int inFlight = config.memory().asksInFlight();
        this.probes = new MemoryProbes(scopes -> calls.remembers(scopes, config.budget().recall().toMillis()), senders(inFlight),
                MAX_PROBE_SCOPES, inFlight);
        var w = config.memory().watch();
        this.watch = w.enabled() ? new MemoryWatch(calls::watchMemory, new MemoryWatch.Settings(w.backoffMin(), w.backoffMax()),
                WatchLag.timer()) : null;
        this.outcomes = new RecallOutcomes(w.enabled() ? w.keptRecalls() : 0);
        this.keepAfterChangeNanos = w.keepAfterChange().toNanos();
        this.clarify = new ClarifyStage(calls);
        this.remembered = new RememberedReadings(new MemoryBoost(config.memory().boost()));
    }

    /** The threads that send the Remembers, one per ask out; each ends when no call has waited for 30 s. */
    private static Executor senders(int inFlight) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(inFlight, inFlight, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "memory-probes");
            t.setDaemon(true);
            return t;
        });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    InterpretResponse finish(PipelineCall call, InterpretResponse answer) {
        return clarify(call, recall(call, answer));
    }

    /** Whether this call reads the tenant's memory: on in config and not left out by the caller. */
    private boolean memoryOn(PipelineCall call) {
        return config.memory().enabled() && !call.request.getOptions().getIgnoreMemory();
    }

    /** Stops following clarify-svc's WatchMemory. */
    void close() {
        if (watch != null) {
            watch.close();
        }
    }

    /**
     * Answered from the pushed set while clarify-svc's WatchMemory is synced ({@link MemoryWatch}: no call at all); else
     * asks clarify-svc, beside the pipeline's own work, whether the tenant remembers anything in this database (together
     * with the other calls in flight: {@link MemoryProbes}); true without either when the call carries its own choice's
     * token ({@link RecallAfterChoice}); null when this call reads no memory. Most databases
     * remember nothing, and then the recall stage is left out: the answer costs no second look.
     */
    CompletableFuture<Boolean> probe(PipelineCall call) {
        if (!memoryOn(call)) {
            return null;
        }
        if (RecallAfterChoice.given(call.request)) {
            return CompletableFuture.completedFuture(true); // the caller's own choice is committed there: no need to ask
        }
        MemoryProbes.Scope scope = new MemoryProbes.Scope(call.request.getTenant(), call.request.getDatabase());
        Optional<Boolean> pushed = watch == null ? Optional.empty() : watch.remembers(scope);
        return pushed.map(CompletableFuture::completedFuture).orElseGet(() -> probes.remembers(scope));
    }

    private InterpretResponse recall(PipelineCall call, InterpretResponse answer) {
        if (!memoryOn(call) || answer.getInterpretationsCount() < 2 || nothingRemembered(call)) {
            return answer;
        }
        RecallRequest asked = assembler.recall(call.request, answer);
        RecallStage.Recalled recalled = call.stages.run(Stage.STAGE_RECALL, () -> keptOrAsked(call, asked), RecallStage.Recalled::detail);
        InterpretResponse.Builder out = recalled.memory().map(m -> remembered.apply(call.request.getQuestion(), answer, m)).orElse(answer).toBuilder();
        recalled.setback().ifPresent(s -> out.addWarnings(s.warning()).addDegradations(s.degradation()));
        return retimed(call, out);
    }

    /**
     * The answer kept for this very request while the database's stamp is unchanged ({@link RecallOutcomes}), else
     * Recall's, kept when the watch was synced before it was asked and the database's last change is old enough for every
     * clarify-svc replica to have heard it. A call with a memory token always asks (read-your-choice, read-your-forget).
     */
    private RecallStage.Recalled keptOrAsked(PipelineCall call, RecallRequest asked) {
        MemoryProbes.Scope scope = new MemoryProbes.Scope(call.request.getTenant(), call.request.getDatabase());
        Optional<MemoryWatch.Stamp> stamp = watch == null || RecallAfterChoice.given(call.request) ? Optional.empty() : watch.stamp(scope);
        Optional<RecallResponse> kept = stamp.flatMap(s -> outcomes.get(asked, s, nowMicros()));
        if (kept.isPresent()) {
            return RecallStage.Recalled.kept(kept.get());
        }
        RecallStage.Recalled recalled = recall.recall(asked, call.stages.deadlineMs(config.budget().recall()));
        boolean settled = watch != null && watch.sinceChange(scope, System.nanoTime()).map(n -> n >= keepAfterChangeNanos).orElse(true);
        if (stamp.isPresent() && settled) {
            recalled.memory().ifPresent(m -> outcomes.keep(asked, m, stamp.get()));
        }
        return recalled;
    }

    private static long nowMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    /**
     * The ask said so. One not back yet is waited for, within the recall's budget: it is already out, and a Recall sent
     * now would hardly come back sooner, at far more cost. One that failed, or is out still, says nothing (the full
     * Recall runs).
     */
    private boolean nothingRemembered(PipelineCall call) {
        if (call.memoryProbe == null) {
            return false;
        }
        try {
            return !call.memoryProbe.get(call.stages.deadlineMs(config.budget().recall()), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private InterpretResponse clarify(PipelineCall call, InterpretResponse answer) {
        if (!call.request.getOptions().getStartClarification() || answer.getInterpretationsCount() == 0) {
            return answer;
        }
        InterpretResponse.Builder out = answer.toBuilder();
        ClarifyStage.Started started = call.stages.run(Stage.STAGE_CLARIFY, () -> clarify.start(
                assembler.clarification(call.request, answer, !memoryOn(call)), call.stages.deadlineMs(config.budget().clarify())),
                ClarifyStage.Started::detail);
        started.turn().ifPresent(out::setClarification);
        started.setback().ifPresent(s -> out.addWarnings(s.warning()).addDegradations(s.degradation()));
        return retimed(call, out);
    }

    /** The answer with every stage's time so far and the call's total. */
    private InterpretResponse retimed(PipelineCall call, InterpretResponse.Builder out) {
        return out.clearTimings().addAllTimings(assembler.timings(call.stages.timings())).setTotalMicros(call.budget().elapsedMicros()).build();
    }
}

package dev.overtone.interpreter.service;

import dev.overtone.interpreter.mapping.AnswerAssembler;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.SqlRepair;
import dev.overtone.runtime.memory.HeldBytes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * What one Interpret call has found so far. Only the pipeline writes it, between stages, from what each stage
 * returned; the stages read nothing of it but their typed input.
 */
final class PipelineCall {
    final InterpretRequest request;
    final StageRunner stages;
    final int previewRows;
    Schema schema;
    List<QuestionTerms.Term> terms = List.of();
    /** The question's terms when the schema has nothing for any of them (AbsentTerms); asked only when no reading was found. */
    List<String> absent = List.of();
    /** The readings found, by result fingerprint, in the order they were first reached. */
    final Map<String, ReadingGroup> groups = new LinkedHashMap<>();
    /** Every result of this call, by the statement's {@link Route#sqlKey()}: a statement runs once per call. */
    final Map<String, ExecuteResponse> executed = new HashMap<>();
    /** Analyses infill-svc carried (parser-svc made them while varying), by the exact SQL they are of. */
    final Map<String, SqlAnalysis> analyses = new HashMap<>();
    /** Repairs of refused SQLs, by the repaired SQL's key. */
    final Map<String, SqlRepair> repairs = new HashMap<>();
    final SeenReadings seen = new SeenReadings();
    final List<FailedRoute> failures = new ArrayList<>();
    final Setbacks setbacks = new Setbacks();
    /** Whether the tenant remembers anything in this database, asked beside the pipeline; null when memory is not read. */
    CompletableFuture<Boolean> memoryProbe;
    /** Ties this call's infill rounds together (InfillRequest.call_id): infill-svc varies a reading once per call. */
    final String infillCallId = UUID.randomUUID().toString();
    /** What this call's results take of the replica's bound (HeldResults); closed when the call ends. */
    final HeldBytes.Hold held;

    PipelineCall(InterpretRequest request, StageRunner stages, int defaultPreviewRows, HeldBytes.Hold held) {
        this.request = request;
        this.stages = stages;
        this.held = held;
        var o = request.getOptions();
        this.previewRows = o.hasPreviewRows() && o.getPreviewRows() >= 0 ? o.getPreviewRows() : defaultPreviewRows;
    }

    /** Adds what a route gave to the reading of its result: the new reading, or null when the result was known (a paraphrase). */
    ReadingGroup group(Executed e) {
        ReadingGroup existing = groups.get(e.result().getFingerprint());
        if (existing != null) {
            existing.paraphrases().add(e.route());
            return null;
        }
        ReadingGroup g = new ReadingGroup(e.result().getFingerprint(), e.route(), e.result());
        groups.put(g.fingerprint(), g);
        return g;
    }

    Budget budget() {
        return stages.budget();
    }

    AnswerAssembler.RunView view() {
        return new AnswerAssembler.RunView(request, schema, terms, absent, setbacks.warnings(),
                failures.stream().map(FailedRoute::reading).toList(), stages.timings(), budget().elapsedMicros(), previewRows,
                setbacks.degradations());
    }
}

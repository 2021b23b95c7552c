package dev.overtone.interpreter.service;

import dev.overtone.interpreter.client.DefaultInterpretations;
import dev.overtone.interpreter.client.DownstreamFailure;
import dev.overtone.interpreter.client.Downstreams;
import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.mapping.AnswerAssembler;
import dev.overtone.interpreter.mapping.StatusCodes;
import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.AnalyzeResult;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.InfillOptions;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.VerbalizeRequest;
import io.grpc.Status;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The Interpret pipeline: schema, default interpretations, parse, execute, group by result, infill
 * loop, analyze and verbalize the representatives, then the answer. Runs on a worker thread; the
 * per-reading calls run in bounded parallel batches, each with a deadline from the call's budget.
 */
@ApplicationScoped
public class InterpretationPipeline {
    @Inject
    InterpreterConfig config;
    @Inject
    Downstreams downstreams;
    @Inject
    SchemaCatalog schemas;
    @Inject
    BoundedParallel parallel;
    @Inject
    DefaultInterpretations defaults;
    @Inject
    FailedSqlRepair repairs;
    @Inject
    AnswerAssembler assembler;
    @Inject
    Tracer tracer;
    @Inject
    AbandonedWork abandoned;
    @Inject
    BatchedExecution execution;
    @Inject
    AbsentTerms absentTerms;

    public InterpretResponse interpret(InterpretRequest request, Long callerRemainingNanos, PipelineListener listener) {
        try {
            return run(request, callerRemainingNanos, listener);
        } catch (CallCancelled cancelled) {
            abandoned.abandoned(cancelled.stage());
            throw cancelled;
        }
    }

    private InterpretResponse run(InterpretRequest request, Long callerRemainingNanos, PipelineListener listener) {
        Budget budget = Budget.of(callerRemainingNanos, config.budget().total(), config.budget().reserve());
        Run run = new Run(request, budget, listener, config.pipeline().previewRows(), tracer);

        run.stage(Stage.STAGE_SCHEMA, () -> {
            run.schema = schemas.schema(request.getTenant(), request.getDatabase(), budget);
            return run.schema.getTablesCount() + " tables";
        });
        run.terms = QuestionTerms.of(request.getQuestion(), run.schema);

        List<Route> caller = new ArrayList<>();
        for (CallerDefault d : request.getDefaultsList()) {
            if (!d.getText().isBlank() || !d.getSql().isBlank()) {
                caller.add(new Route(d.getText(), d.getSql(), Source.SOURCE_CALLER, ""));
            }
        }
        List<Route> initial = new ArrayList<>(judged(run, caller));
        boolean wantLlm = initial.isEmpty() || request.getOptions().getAlsoLlmDefaults();
        if (wantLlm) {
            if (!defaults.configured()) {
                if (initial.isEmpty()) {
                    run.absent = absentTerms.of(run.terms, run.schema);
                    if (!run.absent.isEmpty()) {
                        // No reading can be written, but the schema already says why: it has nothing for
                        // anything the question names. That is an answer, not a missing precondition.
                        return assembler.assemble(run.view(), List.of());
                    }
                    throw new DownstreamFailure("interpreter-svc", Status.Code.FAILED_PRECONDITION,
                            "no LLM endpoint is configured for default interpretations and the request carries no SQL: "
                                    + "pass caller defaults (text with SQL, or SQL) or set overtone.interpreter.llm.base-url "
                                    + "(env OVERTONE_INTERPRETER_LLM_BASE_URL) to an OpenAI-compatible endpoint");
                }
                run.warnings.add("defaults: no LLM endpoint configured; only the caller's readings were used");
            } else {
                run.stage(Stage.STAGE_DEFAULTS, () -> {
                    DefaultInterpretations.Outcome outcome = defaults.write(run.schema, request.getQuestion(), budget.remainingMs());
                    outcome.warning().ifPresent(w -> {
                        run.warnings.add("defaults: " + w);
                        run.degradations.add(Degradations.of(Stage.STAGE_DEFAULTS, outcome.cause(), "llm", w));
                    });
                    outcome.interpretations().forEach(text -> initial.add(new Route(text, "", Source.SOURCE_DEFAULT, "")));
                    return outcome.interpretations().size() + " interpretations";
                });
            }
        }

        admit(run, initial, true);
        infillLoop(run);
        finish(run);

        if (run.groups.isEmpty()) {
            run.failures.stream().map(Run.Failure::failure).filter(f -> f.code() == Status.Code.UNAVAILABLE).findFirst()
                    .ifPresent(f -> {
                        throw f;
                    });
            run.absent = absentTerms.of(run.terms, run.schema);
        }
        InterpretResponse answer = repairs.annotate(assembler.assemble(run.view(), run.groups.values().stream().toList()), run.repairs);
        return clarify(run, answer);
    }

    /**
     * The caller's candidates this call judges: all of them up to {@code pipeline.max-candidates} distinct ones,
     * else the first that many in the caller's order (with their repeats), the cut said in a warning and a
     * degradation. A model sampled many times sends many candidates; none is refused for their number.
     */
    private List<Route> judged(Run run, List<Route> caller) {
        int max = config.pipeline().maxCandidates();
        CandidateCut cut = CandidateCut.of(caller, max);
        if (cut.cutAny()) {
            String message = cut.message(caller.size(), max);
            run.warnings.add("candidates: " + message);
            run.degradations.add(Degradations.of(Stage.STAGE_DEFAULTS, DegradationCause.DEGRADATION_CAUSE_CANDIDATES_CUT,
                    "interpreter-svc", message).toBuilder().setAffectedCalls(cut.routesCut()).build());
        }
        return cut.kept();
    }

    /** Parse what has no SQL, execute what is new, group by fingerprint. Returns the routes that were new. */
    private List<Route> admit(Run run, List<Route> routes, boolean keepRepeats) {
        List<Route> fresh = new ArrayList<>();
        for (Route r : routes) {
            boolean seen = r.hasSql() ? !run.seenSql.add(r.sqlKey()) : run.seenText.contains(r.textKey());
            if (r.hasText()) {
                seen |= !run.seenText.add(r.textKey()) && !r.hasSql();
            }
            // The same SQL from two of the caller's or the LLM's routes is a paraphrase (two routes to one
            // result); the same SQL offered again by infill is nothing new.
            if (!seen || keepRepeats) {
                fresh.add(r);
            }
        }
        List<Route> needParse = fresh.stream().filter(r -> !r.hasSql()).toList();
        List<Route> withSql = new ArrayList<>(fresh.stream().filter(Route::hasSql).toList());
        if (!needParse.isEmpty()) {
            run.stage(Stage.STAGE_PARSE, () -> {
                List<Called<String>> parsed = parallel.map(Stage.STAGE_PARSE, needParse, r -> parse(run, r));
                int ok = 0;
                List<DownstreamFailure> infrastructure = new ArrayList<>();
                for (int i = 0; i < parsed.size(); i++) {
                    if (parsed.get(i).ok()) {
                        withSql.add(needParse.get(i).withSql(parsed.get(i).value()));
                        ok++;
                    } else {
                        DownstreamFailure failure = parsed.get(i).failure();
                        run.fail(needParse.get(i), Stage.STAGE_PARSE, failure);
                        if (!failure.aboutTheReading()) {
                            infrastructure.add(failure);
                        }
                    }
                }
                run.degradedCalls(Stage.STAGE_PARSE, infrastructure);
                return ok + " of " + needParse.size() + " parsed";
            });
        }
        if (!withSql.isEmpty()) {
            List<Executed> refused = new ArrayList<>();
            run.stage(Stage.STAGE_EXECUTE, () -> {
                List<Executed> results = execution.execute(run, withSql);
                int before = run.groups.size();
                List<DownstreamFailure> infrastructure = new ArrayList<>();
                for (Executed e : results) {
                    if (e.failure() != null && repairs.repairable(e.failure()) && !run.repairs.containsKey(e.route().sqlKey())) {
                        refused.add(e);
                    } else if (e.failure() != null) {
                        run.fail(e.route(), Stage.STAGE_EXECUTE, e.failure());
                        if (!e.failure().aboutTheReading()) {
                            infrastructure.add(e.failure());
                        }
                    } else {
                        group(run, e);
                    }
                }
                run.degradedCalls(Stage.STAGE_EXECUTE, infrastructure);
                return withSql.size() + " executed, " + (run.groups.size() - before) + " new results";
            });
            if (!refused.isEmpty()) {
                repairRefused(run, refused);
            }
        }
        return fresh;
    }

    /** Refused SQLs become the readings their errors point at (see FailedSqlRepair); what cannot be mended stays a failure. */
    private void repairRefused(Run run, List<Executed> refused) {
        List<Route> repaired = new ArrayList<>();
        run.stage(Stage.STAGE_REPAIR, () -> {
            List<Called<FailedSqlRepair.Outcome>> outcomes = parallel.map(Stage.STAGE_REPAIR, refused, e -> repairs.repair(e.route(), e.failure(), run.schema,
                    run.request.getQuestion(), run.budget.forStage(config.budget().parse())));
            for (int i = 0; i < refused.size(); i++) {
                Executed e = refused.get(i);
                if (outcomes.get(i).ok() && !outcomes.get(i).value().repaired().isEmpty()) {
                    for (FailedSqlRepair.Repaired r : outcomes.get(i).value().repaired()) {
                        run.repairs.putIfAbsent(r.route().sqlKey(), r.repair());
                        repaired.add(r.route());
                    }
                } else {
                    run.fail(e.route(), Stage.STAGE_EXECUTE, e.failure());
                }
            }
            return repaired.size() + " repaired SQLs for " + refused.size() + " refused";
        });
        if (!repaired.isEmpty()) {
            admit(run, repaired, false);
        }
    }

    private Called<String> parse(Run run, Route route) {
        return parserCall(run, config.budget().parse(), "Parse", timeout -> downstreams.parserStub(timeout)
                .parse(ParseRequest.newBuilder().setInterpretation(route.text()).setSchema(run.schema)
                        .setQuestion(run.request.getQuestion()).build())
                .getSql());
    }

    /** One parser-svc call within the stage's budget: its answer, or the DownstreamFailure that ended it. */
    private <T> Called<T> parserCall(Run run, Duration stageCap, String rpc, LongFunction<T> invocation) {
        long timeout = run.budget.forStage(stageCap);
        try {
            return Called.answered(downstreams.parser().call(rpc, timeout, () -> invocation.apply(timeout)));
        } catch (DownstreamFailure f) {
            return Called.failed(f);
        }
    }

    private void group(Run run, Executed e) {
        ReadingGroup existing = run.groups.get(e.result().getFingerprint());
        if (existing != null) {
            existing.paraphrases().add(e.route());
            return;
        }
        ReadingGroup g = new ReadingGroup(e.result().getFingerprint(), e.route(), e.result());
        run.groups.put(g.fingerprint(), g);
        run.listener.interpretationAdded(assembler.provisional(run.groups.size(), g, run.previewRows()));
    }

    private void infillLoop(Run run) {
        InterpretOptions options = run.request.getOptions();
        boolean wanted = options.hasInfill() ? options.getInfill() : config.infill().enabled();
        if (!wanted || run.groups.isEmpty()) {
            return;
        }
        for (int round = 1; round <= config.infill().maxRounds(); round++) {
            if (!run.budget.atLeast(config.budget().infillMinimum())) {
                String message = "infill: stopped after round " + (round - 1) + ", the request's time budget is spent";
                run.warnings.add(message);
                run.degradations.add(Degradations.of(Stage.STAGE_INFILL, DegradationCause.DEGRADATION_CAUSE_BUDGET_SPENT,
                        "infill-svc", message));
                return;
            }
            InfillResponse response = askInfill(run, round == config.infill().maxRounds());
            if (response == null) {
                return;
            }
            List<Route> offered = response.getReadingsList().stream().map(InterpretationPipeline::route).toList();
            List<Route> fresh = offered.isEmpty() ? List.of() : admit(run, offered, false);
            if (response.getAllCovered() || fresh.isEmpty()) {
                return;
            }
        }
    }

    private InfillResponse askInfill(Run run, boolean lastRound) {
        InterpretOptions options = run.request.getOptions();
        InfillOptions.Builder infillOptions = InfillOptions.newBuilder().addAllFamilies(options.getFamiliesList())
                .setMaxReadings(config.infill().maxReadings());
        if (options.hasInfillModel()) {
            infillOptions.setModel(options.getInfillModel());
        }
        if (options.hasInfillStructural()) {
            infillOptions.setStructural(options.getInfillStructural());
        }
        InfillRequest.Builder request = InfillRequest.newBuilder().setQuestion(run.request.getQuestion())
                .setSchema(run.schema).setOptions(infillOptions).setCallId(run.infillCallId).setLastRound(lastRound);
        Map<String, String> sqlById = new HashMap<>();
        for (ReadingGroup g : run.groups.values()) {
            Route r = g.representative();
            String id = "r" + (sqlById.size() + 1);
            sqlById.put(id, r.sql());
            request.addReadings(Reading.newBuilder().setId(id).setText(g.text()).setSql(r.sql())
                    .setSource(r.source()).setFingerprint(g.fingerprint()));
            if (r.hasSql() && run.analyses.containsKey(r.sql())) {
                request.putReadingAnalyses(id, run.analyses.get(r.sql()));
            }
        }
        InfillResponse[] out = new InfillResponse[1];
        run.stage(Stage.STAGE_INFILL, () -> {
            long timeout = run.budget.forStage(config.budget().infill());
            try {
                out[0] = downstreams.infill().call("Infill", timeout, () -> downstreams.infillStub(timeout).infill(request.build()));
            } catch (DownstreamFailure f) {
                run.warnings.add("infill: " + f.getMessage() + "; readings found so far only");
                run.degradations.add(Degradations.of(Stage.STAGE_INFILL, f, 0));
                return "failed";
            }
            if (out[0].getDegraded()) {
                out[0].getDegradedReasonsList().forEach(reason -> run.warnings.add("infill-svc degraded: " + reason));
                run.degradations.addAll(out[0].getDegradationsList());
            }
            out[0].getReadingAnalysesMap().forEach((id, analysis) -> {
                if (sqlById.containsKey(id)) {
                    run.analyses.put(sqlById.get(id), analysis);
                }
            });
            out[0].getReadingsList().stream().filter(r -> r.hasAnalysis() && !r.getSql().isBlank())
                    .forEach(r -> run.analyses.put(r.getSql(), r.getAnalysis()));
            return out[0].getReadingsCount() + " readings offered" + (out[0].getAllCovered() ? ", all covered" : "");
        });
        return out[0];
    }

    private static Route route(InfilledReading r) {
        Source source = switch (r.getStrategy()) {
            case INFILL_STRATEGY_MODEL -> Source.SOURCE_INFILL_MODEL;
            default -> Source.SOURCE_INFILL_STRUCTURAL;
        };
        return new Route(r.getText(), r.getSql(), source, r.getFamily());
    }

    /**
     * Give every representative its analysis (for the ambiguity summary), from infill-svc when it carried
     * one and otherwise from one AnalyzeBatch, and verbalize those without words.
     */
    private void finish(Run run) {
        List<ReadingGroup> all = run.groups.values().stream().toList();
        if (all.isEmpty()) {
            return;
        }
        for (ReadingGroup g : all) {
            g.analysis(run.analyses.get(g.representative().sql()));
        }
        List<ReadingGroup> unanalysed = all.stream().filter(g -> g.analysis() == null).toList();
        if (!unanalysed.isEmpty()) {
            analyze(run, unanalysed, all.size() - unanalysed.size());
        }
        verbalize(run, all.stream().filter(g -> g.text().isEmpty()).toList());
    }

    /** One AnalyzeBatch for the representatives nothing analysed yet: parser-svc indexes the schema once. */
    private void analyze(Run run, List<ReadingGroup> groups, int carried) {
        run.stage(Stage.STAGE_ANALYZE, () -> {
            Called<AnalyzeBatchResponse> answer = parserCall(run, config.budget().analyze(), "AnalyzeBatch", timeout -> downstreams.parserStub(timeout)
                    .analyzeBatch(AnalyzeBatchRequest.newBuilder().setSchema(run.schema)
                            .addAllSqls(groups.stream().map(g -> g.representative().sql()).toList()).build()));
            if (!answer.ok()) {
                run.warnings.add("analyze: " + answer.failure().getMessage() + "; the ambiguity summary has no slots");
                run.degradations.add(Degradations.of(Stage.STAGE_ANALYZE, answer.failure(), groups.size()));
                return "0 analyzed";
            }
            List<AnalyzeResult> results = answer.value().getResultsList();
            int ok = 0;
            for (int i = 0; i < groups.size() && i < results.size(); i++) {
                if (results.get(i).hasAnalysis()) {
                    AnalyzeResponse a = results.get(i).getAnalysis();
                    groups.get(i).analysis(SqlAnalysis.newBuilder().addAllSlots(a.getSlotsList()).setCanonicalSql(a.getCanonicalSql())
                            .addAllTables(a.getTablesList()).addAllColumns(a.getColumnsList()).build());
                    ok++;
                }
            }
            return ok + " analyzed, " + carried + " carried by infill";
        });
    }

    private void verbalize(Run run, List<ReadingGroup> wordless) {
        if (wordless.isEmpty()) {
            return;
        }
        run.stage(Stage.STAGE_VERBALIZE, () -> {
            List<Called<String>> texts = parallel.map(Stage.STAGE_VERBALIZE, wordless, g -> parserCall(run, config.budget().verbalize(), "Verbalize",
                    timeout -> downstreams.parserStub(timeout)
                            .verbalize(VerbalizeRequest.newBuilder().setSql(g.representative().sql()).setSchema(run.schema).build())
                            .getText()));
            int ok = 0;
            for (int i = 0; i < wordless.size(); i++) {
                Called<String> text = texts.get(i);
                if (text.ok() && !text.value().isBlank()) {
                    wordless.get(i).text(text.value());
                    ok++;
                } else {
                    wordless.get(i).text(wordless.get(i).representative().sql());
                    if (!text.ok() && ok == 0) {
                        run.warnings.add("verbalize: " + text.failure().getMessage() + "; the SQL stands in for the text");
                        run.degradations.add(Degradations.of(Stage.STAGE_VERBALIZE, text.failure(), wordless.size()));
                    }
                }
            }
            return ok + " verbalized";
        });
    }

    private InterpretResponse clarify(Run run, InterpretResponse answer) {
        if (!run.request.getOptions().getStartClarification() || answer.getInterpretationsCount() == 0) {
            return answer;
        }
        InterpretResponse.Builder out = answer.toBuilder();
        run.stage(Stage.STAGE_CLARIFY, () -> {
            long timeout = run.budget.forStage(config.budget().clarify());
            try {
                var turn = downstreams.clarify().call("Start", timeout, () -> downstreams.clarifyStub(timeout)
                        .start(assembler.clarification(run.request, answer)));
                out.setClarification(turn);
                return "session " + turn.getSessionId();
            } catch (DownstreamFailure f) {
                out.addWarnings("clarify: " + f.getMessage() + "; no clarification started");
                out.addDegradations(Degradations.of(Stage.STAGE_CLARIFY, f, 0));
                return "failed";
            }
        });
        out.clearTimings().addAllTimings(assembler.timings(run.timings)).setTotalMicros(run.budget.elapsedMicros());
        return out.build();
    }

    /** The mutable state of one call. */
    static final class Run {
        record Failure(Route route, Stage stage, DownstreamFailure failure) {
        }

        final InterpretRequest request;
        final Budget budget;
        final PipelineListener listener;
        Schema schema;
        List<QuestionTerms.Term> terms = List.of();
        /** The question's terms when the schema has nothing for any of them (AbsentTerms); asked only when no reading was found. */
        List<String> absent = List.of();
        final Map<String, ReadingGroup> groups = new LinkedHashMap<>();
        final Map<String, ExecuteResponse> executed = new java.util.concurrent.ConcurrentHashMap<>();
        /** Analyses infill-svc carried (parser-svc made them while varying), by the exact SQL they are of. */
        final Map<String, SqlAnalysis> analyses = new HashMap<>();
        /** Repairs of refused SQLs, by the repaired SQL's key. */
        final Map<String, dev.overtone.proto.v1.SqlRepair> repairs = new java.util.concurrent.ConcurrentHashMap<>();
        final java.util.Set<String> seenSql = new java.util.HashSet<>();
        final java.util.Set<String> seenText = new java.util.HashSet<>();
        final List<Failure> failures = new ArrayList<>();
        final List<String> warnings = new ArrayList<>();
        final List<Degradation> degradations = new ArrayList<>();
        /** Time per stage, in the order the stages first ran. */
        final Map<Stage, Long> timings = new LinkedHashMap<>();
        /** Ties this call's infill rounds together (InfillRequest.call_id): infill-svc varies a reading once per call. */
        final String infillCallId = java.util.UUID.randomUUID().toString();

        final int defaultPreviewRows;
        private final Tracer tracer;
        /** The Interpret call's gRPC context: cancelled when the caller cancels or its deadline passes. */
        private final io.grpc.Context call = io.grpc.Context.current();

        Run(InterpretRequest request, Budget budget, PipelineListener listener, int defaultPreviewRows, Tracer tracer) {
            this.request = request;
            this.budget = budget;
            this.listener = listener;
            this.defaultPreviewRows = defaultPreviewRows;
            this.tracer = tracer;
        }

        int previewRows() {
            var o = request.getOptions();
            return o.hasPreviewRows() && o.getPreviewRows() >= 0 ? o.getPreviewRows() : defaultPreviewRows;
        }

        void fail(Route route, Stage stage, DownstreamFailure failure) {
            failures.add(new Failure(route, stage, failure));
        }

        /** One degradation for a stage's calls that failed for the infrastructure's sake (not the reading's). */
        void degradedCalls(Stage stage, List<DownstreamFailure> failed) {
            if (!failed.isEmpty()) {
                degradations.add(Degradations.of(stage, failed.get(0), failed.size()));
            }
        }

        /** Runs one stage as its own span, so a trace shows each stage and the downstream calls it made. */
        void stage(Stage stage, java.util.function.Supplier<String> work) {
            BoundedParallel.throwIfCancelled(call, stage);
            listener.stageStarted(stage);
            long start = System.nanoTime();
            Span span = tracer.spanBuilder("stage " + StageNames.of(stage)).startSpan();
            String detail;
            try (Scope ignored = span.makeCurrent()) {
                detail = work.get();
                // a cancelled downstream call reads as that call's failure; the cut is this stage's
                BoundedParallel.throwIfCancelled(call, stage);
                span.setAttribute("overtone.stage.detail", detail == null ? "" : detail);
            } catch (RuntimeException e) {
                span.recordException(e);
                span.setStatus(StatusCode.ERROR);
                throw e;
            } finally {
                span.end();
            }
            long micros = (System.nanoTime() - start) / 1000;
            timings.merge(stage, micros, Long::sum);
            listener.stageFinished(stage, micros, detail);
        }

        @SuppressWarnings("deprecation") // FailedReading.stage and status: still filled for clients that predate kind and code
        AnswerAssembler.RunView view() {
            List<FailedReading> failed = failures.stream().map(f -> FailedReading.newBuilder()
                    .setText(f.route().text() == null ? "" : f.route().text())
                    .setSql(f.route().sql() == null ? "" : f.route().sql())
                    .setSource(f.route().source())
                    .setKind(f.stage()).setStage(StageNames.of(f.stage()))
                    .setCode(StatusCodes.of(f.failure().code())).setStatus(f.failure().code().name())
                    .setMessage(String.valueOf(f.failure().getMessage())).build()).toList();
            return new AnswerAssembler.RunView(request, schema, terms, absent, warnings, failed,
                    timings, budget.elapsedMicros(), previewRows(), List.copyOf(degradations));
        }
    }
}

package dev.overtone.interpreter.service;

import dev.overtone.interpreter.client.DefaultInterpretations;
import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.runtime.memory.HeldBytes;
import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.mapping.AnswerAssembler;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;
import io.grpc.Status;
import io.opentelemetry.api.trace.Tracer;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/**
 * The Interpret pipeline: schema, default interpretations, parse, execute, group by result, infill loop, analyze
 * and verbalize the representatives, then the answer, on which recall and clarify run ({@link AnswerStages}). Each stage is a function from its typed input to its typed
 * output, run by the call's {@link StageRunner}; this class only decides what runs next and keeps what each gave
 * in the call's {@link PipelineCall}. Runs on a worker thread; per-reading calls run in bounded parallel lanes.
 */
@ApplicationScoped
public class InterpretationPipeline {
    @Inject
    InterpreterConfig config;
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
    AbsentTerms absentTerms;
    @Inject
    StageCalls calls;
    @Inject
    HeldResults heldResults;

    private ParseStage parse;
    private BatchedExecution execution;
    private InfillStage infill;
    private AnalyzeStage analyze;
    private VerbalizeStage verbalize;
    private AnswerStages answerStages;

    @PostConstruct
    void stages() {
        var p = config.pipeline();
        parse = new ParseStage(calls, parallel);
        execution = new BatchedExecution(calls, parallel, new BatchedExecution.Settings(p.maxBatch(), p.concurrency(), p.maxRows(), p.maxBytes(), config.budget().execute()));
        infill = new InfillStage(calls);
        analyze = new AnalyzeStage(calls);
        verbalize = new VerbalizeStage(calls, parallel);
        answerStages = new AnswerStages(config, assembler, calls);
    }

    @PreDestroy
    void stop() {
        answerStages.close();
    }

    public InterpretResponse interpret(InterpretRequest request, Long callerRemainingNanos, PipelineListener listener) {
        try (HeldBytes.Hold held = heldResults.open()) {
            return run(request, callerRemainingNanos, listener, held);
        } catch (CallCancelled cancelled) {
            abandoned.abandoned(cancelled.stage());
            throw cancelled;
        }
    }

    private InterpretResponse run(InterpretRequest request, Long callerRemainingNanos, PipelineListener listener, HeldBytes.Hold held) {
        Budget budget = Budget.of(callerRemainingNanos, config.budget().total(), config.budget().reserve());
        StageRunner stages = new StageRunner(tracer, listener, budget, io.grpc.Context.current());
        PipelineCall call = new PipelineCall(request, stages, config.pipeline().previewRows(), held);
        call.memoryProbe = answerStages.probe(call);
        call.schema = stages.run(Stage.STAGE_SCHEMA, () -> schemas.schema(request.getTenant(), request.getDatabase(), budget),
                schema -> schema.getTablesCount() + " tables");
        call.terms = QuestionTerms.of(request.getQuestion(), call.schema);

        List<Route> initial = judged(call);
        if (initial.isEmpty() || request.getOptions().getAlsoLlmDefaults()) {
            if (!defaults.configured()) {
                if (initial.isEmpty()) {
                    call.absent = absentTerms.of(call.terms, call.schema);
                    if (!call.absent.isEmpty()) {
                        // No reading can be written, but the schema already says why: it has nothing for
                        // anything the question names. That is an answer, not a missing precondition.
                        return assembler.assemble(call.view(), List.of());
                    }
                    throw new DownstreamFailure("interpreter-svc", Status.Code.FAILED_PRECONDITION,
                            "no LLM endpoint is configured for default interpretations and the request carries no SQL: "
                                    + "pass caller defaults (text with SQL, or SQL) or set overtone.interpreter.llm.base-url "
                                    + "(env OVERTONE_INTERPRETER_LLM_BASE_URL) to an OpenAI-compatible endpoint");
                }
                call.setbacks.add(Setback.off(Stage.STAGE_DEFAULTS, "no LLM endpoint configured; only the caller's readings were used"));
            } else {
                DefaultInterpretations.Outcome written = stages.run(Stage.STAGE_DEFAULTS,
                        () -> defaults.write(call.schema, request.getQuestion(), budget.remainingMs()),
                        o -> o.interpretations().size() + " interpretations");
                written.warning().ifPresent(w -> call.setbacks.add(Setback.of(Stage.STAGE_DEFAULTS, written.cause(), "llm", w,
                        Setback.Wording.DEFAULTS)));
                written.interpretations().forEach(text -> initial.add(new Route(text, "", Source.SOURCE_DEFAULT, "")));
            }
        }

        admit(call, initial, true);
        infillLoop(call);
        finish(call);

        if (call.groups.isEmpty()) {
            call.failures.stream().map(FailedRoute::failure).filter(f -> f.code() == Status.Code.UNAVAILABLE).findFirst()
                    .ifPresent(f -> {
                        throw f;
                    });
            call.absent = absentTerms.of(call.terms, call.schema);
        }
        InterpretResponse answer = repairs.annotate(assembler.assemble(call.view(), call.groups.values().stream().toList()), call.repairs);
        return answerStages.finish(call, answer);
    }

    /** The caller's candidates this call judges (CandidateCut), the cut said. */
    private List<Route> judged(PipelineCall call) {
        List<Route> caller = new ArrayList<>();
        for (CallerDefault d : call.request.getDefaultsList()) {
            if (!d.getText().isBlank() || !d.getSql().isBlank()) {
                caller.add(new Route(d.getText(), d.getSql(), Source.SOURCE_CALLER, ""));
            }
        }
        CandidateCut cut = CandidateCut.of(caller, config.pipeline().maxCandidates());
        cut.setback(caller.size(), config.pipeline().maxCandidates()).ifPresent(call.setbacks::add);
        return new ArrayList<>(cut.kept());
    }

    /** Parse what has no SQL, execute what is new, group by fingerprint, repair what was refused. Returns the routes that were new. */
    private List<Route> admit(PipelineCall call, List<Route> routes, boolean keepRepeats) {
        List<Route> fresh = call.seen.fresh(routes, keepRepeats, call.analyses);
        List<Route> needParse = fresh.stream().filter(r -> !r.hasSql()).toList();
        List<Route> withSql = new ArrayList<>(fresh.stream().filter(Route::hasSql).toList());
        if (!needParse.isEmpty()) {
            ParseStage.Parsed parsed = call.stages.run(Stage.STAGE_PARSE, () -> parse.parse(new ParseStage.Input(needParse,
                    call.schema, call.request.getQuestion(), () -> call.stages.deadlineMs(config.budget().parse()))), ParseStage.Parsed::detail);
            withSql.addAll(parsed.routes());
            call.failures.addAll(parsed.failures());
            call.setbacks.addAll(parsed.setbacks());
        }
        if (!withSql.isEmpty()) {
            Grouped grouped = call.stages.run(Stage.STAGE_EXECUTE, () -> executeAndGroup(call, withSql),
                    g -> withSql.size() + " executed, " + g.newResults() + " new results");
            if (!grouped.refused().isEmpty()) {
                repairRefused(call, grouped.refused());
            }
        }
        return fresh;
    }

    /** What executing a stage's routes gave besides the groups: the refused SQLs that may be repaired, the results new to the call. */
    private record Grouped(List<Executed> refused, int newResults) {
    }

    /** Executes the routes and groups what they gave; failures are the call's, except refused SQLs that may be repaired. */
    private Grouped executeAndGroup(PipelineCall call, List<Route> withSql) {
        List<Executed> results = execution.execute(new BatchedExecution.Input(call.request.getTenant(), call.request.getDatabase(),
                withSql, call.executed, call.budget(), call.held));
        int before = call.groups.size();
        List<Executed> refused = new ArrayList<>();
        List<DownstreamFailure> infrastructure = new ArrayList<>();
        for (Executed e : results) {
            if (e.failure() == null) {
                call.executed.put(e.route().sqlKey(), e.result());
                ReadingGroup added = call.group(e);
                if (added != null) {
                    call.stages.listener().interpretationAdded(assembler.provisional(call.groups.size(), added, call.previewRows));
                }
            } else if (repairs.repairable(e.failure()) && !call.repairs.containsKey(e.route().sqlKey())) {
                refused.add(e);
            } else {
                call.failures.add(new FailedRoute(e.route(), Stage.STAGE_EXECUTE, e.failure()));
                if (!e.failure().aboutTheReading()) {
                    infrastructure.add(e.failure());
                }
            }
        }
        call.setbacks.addAll(ParseStage.degradedCalls(Stage.STAGE_EXECUTE, infrastructure));
        return new Grouped(refused, call.groups.size() - before);
    }

    /** Refused SQLs become the readings their errors point at (see FailedSqlRepair); what cannot be mended stays a failure. */
    private void repairRefused(PipelineCall call, List<Executed> refused) {
        List<Route> repaired = call.stages.run(Stage.STAGE_REPAIR, () -> {
            List<Called<FailedSqlRepair.Outcome>> outcomes = parallel.map(Stage.STAGE_REPAIR, refused, e -> repairs.repair(e.route(),
                    e.failure(), call.schema, call.request.getQuestion(), call.stages.deadlineMs(config.budget().parse())));
            List<Route> routes = new ArrayList<>();
            for (int i = 0; i < refused.size(); i++) {
                Executed e = refused.get(i);
                if (outcomes.get(i).ok() && !outcomes.get(i).value().repaired().isEmpty()) {
                    for (FailedSqlRepair.Repaired r : outcomes.get(i).value().repaired()) {
                        call.repairs.putIfAbsent(r.route().sqlKey(), r.repair());
                        routes.add(r.route());
                    }
                } else {
                    call.failures.add(new FailedRoute(e.route(), Stage.STAGE_EXECUTE, e.failure()));
                }
            }
            return routes;
        }, routes -> routes.size() + " repaired SQLs for " + refused.size() + " refused");
        if (!repaired.isEmpty()) {
            admit(call, repaired, false);
        }
    }

    private void infillLoop(PipelineCall call) {
        InterpretOptions options = call.request.getOptions();
        boolean wanted = options.hasInfill() ? options.getInfill() : config.infill().enabled();
        if (!wanted || call.groups.isEmpty()) {
            return;
        }
        int rounds = config.infill().maxRounds();
        for (int round = 1; round <= rounds; round++) {
            if (!call.budget().atLeast(config.budget().infillMinimum())) {
                call.setbacks.add(Setback.of(Stage.STAGE_INFILL, DegradationCause.DEGRADATION_CAUSE_BUDGET_SPENT, "infill-svc",
                        "infill: stopped after round " + (round - 1) + ", the request's time budget is spent", Setback.Wording.INFILL_BUDGET));
                return;
            }
            List<ReadingGroup> representatives = call.groups.values().stream().toList();
            InfillStage.Input input = new InfillStage.Input(call.request.getQuestion(), call.schema, options,
                    config.infill().maxReadings(), call.infillCallId, round == rounds, representatives, call.analyses,
                    call.stages.deadlineMs(config.budget().infill()));
            InfillStage.Round answer = call.stages.run(Stage.STAGE_INFILL, () -> infill.ask(input), InfillStage.Round::detail);
            call.setbacks.addAll(answer.setbacks());
            if (answer.failed()) {
                return;
            }
            call.analyses.putAll(answer.analyses());
            representatives.stream().map(g -> answer.analyses().get(g.representative().sql()))
                    .filter(a -> a != null).forEach(call.seen::analysed);
            List<Route> fresh = answer.offered().isEmpty() ? List.of() : admit(call, answer.offered(), false);
            if (answer.allCovered() || fresh.isEmpty()) {
                return;
            }
        }
    }

    /**
     * Gives every representative its analysis (for the ambiguity summary), from infill-svc when it carried one and
     * otherwise from one AnalyzeBatch, and words to those without.
     */
    private void finish(PipelineCall call) {
        List<ReadingGroup> all = call.groups.values().stream().toList();
        if (all.isEmpty()) {
            return;
        }
        all.forEach(g -> g.analysis(call.analyses.get(g.representative().sql())));
        List<ReadingGroup> unanalysed = all.stream().filter(g -> g.analysis() == null).toList();
        if (!unanalysed.isEmpty()) {
            AnalyzeStage.Analyzed analyzed = call.stages.run(Stage.STAGE_ANALYZE, () -> analyze.analyze(new AnalyzeStage.Input(
                    ReadingGroup.sqls(unanalysed), call.schema, call.stages.deadlineMs(config.budget().analyze()), all.size() - unanalysed.size())),
                    AnalyzeStage.Analyzed::detail);
            analyzed.setback().ifPresent(call.setbacks::add);
            for (int i = 0; i < unanalysed.size(); i++) {
                SqlAnalysis a = analyzed.analyses().get(i);
                if (a != null) {
                    unanalysed.get(i).analysis(a);
                }
            }
        }
        List<ReadingGroup> wordless = all.stream().filter(g -> g.text().isEmpty()).toList();
        if (!wordless.isEmpty()) {
            VerbalizeStage.Verbalized words = call.stages.run(Stage.STAGE_VERBALIZE, () -> verbalize.verbalize(new VerbalizeStage.Input(
                    ReadingGroup.sqls(wordless), call.schema, () -> call.stages.deadlineMs(config.budget().verbalize()))), VerbalizeStage.Verbalized::detail);
            call.setbacks.addAll(words.setbacks());
            for (int i = 0; i < wordless.size(); i++) {
                wordless.get(i).text(words.texts().get(i));
            }
        }
    }
}

package dev.overtone.clarify.service;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.memory.Choice;
import dev.overtone.clarify.memory.ChoiceLookup;
import dev.overtone.clarify.memory.ChoiceMatcher;
import dev.overtone.clarify.memory.Decision;
import dev.overtone.clarify.memory.MemoryScope;
import dev.overtone.clarify.memory.ShownBeside;
import dev.overtone.clarify.memory.TableReaders;
import dev.overtone.clarify.memory.TenantMemory;
import dev.overtone.clarify.repository.CandidateEntity;
import dev.overtone.clarify.repository.ChoiceCodec;
import dev.overtone.clarify.repository.DialogueCodec;
import dev.overtone.clarify.repository.DialogueState;
import dev.overtone.clarify.repository.JsonColumns;
import dev.overtone.clarify.repository.SessionEntity;
import dev.overtone.clarify.repository.TurnEntity;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Start: the readings (candidates collapsed by result), their priors, the decision variables from the candidates'
 * analyses or parser-svc's, each with its pivot term, the forks the tenant's remembered choices decide, the session
 * stored with its first turn. The arithmetic lives in {@link Dialogue}.
 */
@ApplicationScoped
public class DialogueStart {
    @Inject
    ClarifyConfig config;
    @Inject
    ReadingForks forks;
    @Inject
    ChoiceLookup memory;
    @Inject
    NextTurn turns;

    public Uni<TurnEntity> start(StartCommand cmd) {
        if (cmd.hasOwner()) {
            new MemoryScope(cmd.tenant(), cmd.database()).requireOwner("Start"); // its resolving answer is remembered there
        }
        DialogueOptions options = options(cmd);
        List<Reading> readings = forks.readings(cmd.question(), cmd.candidates());
        double[] priors = PriorRule.of(config.missingPriors()).priors(Readings.givenPriors(cmd.candidates(), readings));
        Context ctx = Vertx.currentContext();
        CallTime time = forks.callTime();
        return forks.slots(readings, cmd.candidates())
                // the pivot terms may run the embedding model: a worker thread, not the event loop
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(s -> new Forks(forks.variables(s).stream().map(v -> v.withPivotTerm(forks.pivotTerm(cmd.question(), v, time))).toList(),
                        TableReaders.tables(s), s.stream().map(ShownBeside::outerColumns).toList()))
                .emitOn(CallerContext.of(ctx))
                .chain(f -> remembered(cmd)
                        .map(choices -> new Plan(f.variables(), ChoiceMatcher.match(cmd.question(), f.variables(), TenantMemory.sqlOf(readings),
                                f.tables(), choices, DecisionVariable::pivotTerm), f.shown())))
                .chain(plan -> Panache.withTransaction(() -> createSession(cmd, readings, priors, plan, options)));
    }

    /**
     * The decision variables with their pivot terms, each reading's tables, and the columns each reading's outer SELECT
     * shows (kept with the candidate: the slots are not, and a resolving answer remembers them beside a chosen column).
     */
    private record Forks(List<DecisionVariable> variables, List<Set<String>> tables, List<List<String>> shown) {
    }

    /** The decision variables with their pivot terms, the forks of them remembered choices decide, each reading's columns. */
    private record Plan(List<DecisionVariable> variables, List<Decision> decisions, List<List<String>> shown) {
    }

    /** The tenant's remembered choices that could decide these forks; none for a dialogue without an owner or ignoring memory. */
    private Uni<List<Choice>> remembered(StartCommand cmd) {
        return cmd.hasOwner() && !cmd.ignoreMemory()
                ? memory.candidates(cmd.tenant(), cmd.database())
                : Uni.createFrom().item(List.of());
    }

    private Uni<TurnEntity> createSession(StartCommand cmd, List<Reading> readings, double[] priors, Plan plan,
            DialogueOptions options) {
        List<DecisionVariable> variables = plan.variables();
        String question = cmd.question();
        Instant now = Instant.now();
        SessionEntity s = new SessionEntity();
        s.id = UUID.randomUUID();
        s.question = question;
        s.state = DialogueState.OPEN;
        s.confidenceThreshold = options.threshold();
        s.maxTurns = options.maxTurns();
        s.strategy = options.strategy().label();
        s.seed = options.seed();
        s.maxOptions = options.maxOptions();
        s.candidatesIncomplete = cmd.candidatesIncomplete();
        if (cmd.hasOwner()) {
            s.tenant = cmd.tenant();
            s.database = cmd.database();
        }
        s.remembered = ChoiceCodec.json(plan.decisions().stream().map(Decision::choice).distinct().toList());
        s.currentTurn = 1;
        s.createdAt = now;
        s.updatedAt = now;
        Dialogue dialogue = plan.decisions().isEmpty()
                ? Dialogue.fresh(variables, priors, options)
                : RememberedForks.condition(variables, priors, options, plan.decisions());
        List<CandidateEntity> candidates = new ArrayList<>();
        for (int i = 0; i < readings.size(); i++) {
            Reading r = readings.get(i);
            CandidateEntity c = new CandidateEntity();
            c.id = UUID.randomUUID();
            c.sessionId = s.id;
            c.ordinal = i;
            c.candidateId = r.id();
            c.sql = r.sql();
            c.text = r.text();
            c.fingerprint = r.fingerprint();
            c.prior = priors[i];
            c.probability = dialogue.probabilities()[i];
            c.aliases = JsonColumns.write(r.aliases());
            c.shownColumns = JsonColumns.write(plan.shown().get(i));
            candidates.add(c);
        }
        TurnEntity turn = turns.of(s, candidates, dialogue, 1, now);
        if (TurnEntity.RESOLUTION.equals(turn.kind) && !plan.decisions().isEmpty()
                && RememberedForks.decided(variables, priors, options, indexOf(candidates, turn.resolutionCandidate))) {
            turn.resolutionReason = StopReason.REMEMBERED.name();
        }
        List<Object> rows = new ArrayList<>();
        rows.addAll(candidates);
        for (int v = 0; v < variables.size(); v++) {
            rows.add(DialogueCodec.toEntity(s.id, v, variables.get(v), VariableStatus.OPEN));
        }
        rows.add(turn);
        return s.persist().chain(() -> SessionEntity.persist(rows)).replaceWith(turn);
    }

    private static int indexOf(List<CandidateEntity> candidates, String candidateId) {
        for (int i = 0; i < candidates.size(); i++) {
            if (candidates.get(i).candidateId.equals(candidateId)) {
                return i;
            }
        }
        return -1;
    }

    private DialogueOptions options(StartCommand cmd) {
        if (cmd.candidates() == null || cmd.candidates().isEmpty()) {
            throw ClarifyException.invalid("Start needs at least one candidate (id, sql)");
        }
        double tau = cmd.confidenceThreshold() != null ? cmd.confidenceThreshold() : config.defaults().confidenceThreshold();
        if (!(tau > 0 && tau <= 1)) {
            throw ClarifyException.invalid("confidence_threshold must be in (0, 1], got " + tau);
        }
        int maxTurns = cmd.maxTurns() != null ? cmd.maxTurns() : config.defaults().maxTurns();
        if (maxTurns < 0) {
            throw ClarifyException.invalid("max_turns must be 0 or more, got " + maxTurns);
        }
        StrategyKind strategy = cmd.strategy() != null ? cmd.strategy() : StrategyKind.fromLabel(config.defaults().strategy());
        long seed = cmd.seed() != null ? cmd.seed() : config.defaults().seed();
        return new DialogueOptions(tau, maxTurns, strategy, seed, config.defaults().maxOptions());
    }
}

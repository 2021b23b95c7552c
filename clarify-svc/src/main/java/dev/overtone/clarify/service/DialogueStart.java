package dev.overtone.clarify.service;

import dev.overtone.clarify.client.ParserClient;
import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.mapping.EmbeddingMatcher;
import dev.overtone.clarify.repository.CandidateEntity;
import dev.overtone.clarify.repository.DialogueCodec;
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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Start: the readings (candidates collapsed by result), their priors, the decision variables from the candidates'
 * analyses or parser-svc's, each with its pivot term, the session stored with its first turn. The arithmetic lives
 * in {@link Dialogue}.
 */
@ApplicationScoped
public class DialogueStart {
    private static final Logger LOG = Logger.getLogger(DialogueStart.class);

    @Inject
    ClarifyConfig config;
    @Inject
    ParserClient parser;
    @Inject
    EmbeddingMatcher embeddings;
    @Inject
    NextTurn turns;

    public Uni<TurnEntity> start(StartCommand cmd) {
        DialogueOptions options = options(cmd);
        List<Reading> readings = Readings.collapse(cmd.candidates(), config.defaults().maxCandidates());
        double[] priors = PriorRule.of(config.missingPriors()).priors(Readings.givenPriors(cmd.candidates(), readings));
        Context ctx = Vertx.currentContext();
        return slots(readings, cmd.candidates())
                // the pivot terms may run the embedding model: a worker thread, not the event loop
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(slots -> DecisionVariableExtractor.extract(slots).stream()
                        .map(v -> v.withPivotTerm(pivotTerm(cmd.question(), v))).toList())
                .emitOn(CallerContext.of(ctx))
                .chain(variables -> Panache.withTransaction(() -> createSession(cmd, readings, priors, variables, options)));
    }

    /** The fork's pivot term; by words alone when the embedding model is off or fails (readiness shows why). */
    private String pivotTerm(String question, DecisionVariable v) {
        if (!embeddings.enabled()) {
            return PivotTerm.of(question, v, WordSimilarity.NONE);
        }
        try {
            return PivotTerm.of(question, v, embeddings);
        } catch (RuntimeException | LinkageError e) {
            LOG.warnf("the embedding model failed (%s); the question's pivot term is chosen by words only", e.toString());
            return PivotTerm.of(question, v, WordSimilarity.NONE);
        }
    }

    /**
     * Each reading's slots: those its candidate carries (the caller's analysis, made with the schema),
     * else parser-svc Analyze of its SQL, once per distinct SQL.
     */
    private Uni<List<List<SlotValue>>> slots(List<Reading> readings, List<StartCommand.CandidateInput> candidates) {
        if (readings.size() < 2) {
            // One reading: nothing to tell apart, parser-svc is not needed.
            return Uni.createFrom().item(readings.stream().map(r -> List.<SlotValue>of()).toList());
        }
        Map<String, List<SlotValue>> given = new HashMap<>();
        candidates.stream().filter(c -> c.slots() != null).forEach(c -> given.put(c.id(), c.slots()));
        Map<String, Uni<List<SlotValue>>> bySql = new LinkedHashMap<>();
        for (Reading r : readings) {
            if (!given.containsKey(r.id())) {
                bySql.computeIfAbsent(r.sql(), sql -> parser.slots(r.id(), sql).memoize().indefinitely());
            }
        }
        List<Uni<List<SlotValue>>> calls = readings.stream()
                .map(r -> given.containsKey(r.id()) ? Uni.createFrom().item(given.get(r.id())) : bySql.get(r.sql())).toList();
        return Uni.join().all(calls).andFailFast();
    }

    private Uni<TurnEntity> createSession(StartCommand cmd, List<Reading> readings, double[] priors,
            List<DecisionVariable> variables, DialogueOptions options) {
        String question = cmd.question();
        Instant now = Instant.now();
        SessionEntity s = new SessionEntity();
        s.id = UUID.randomUUID();
        s.question = question;
        s.state = Sessions.OPEN;
        s.confidenceThreshold = options.threshold();
        s.maxTurns = options.maxTurns();
        s.strategy = options.strategy().label();
        s.seed = options.seed();
        s.maxOptions = options.maxOptions();
        s.candidatesIncomplete = cmd.candidatesIncomplete();
        s.currentTurn = 1;
        s.createdAt = now;
        s.updatedAt = now;
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
            c.probability = priors[i];
            c.aliases = JsonColumns.write(r.aliases());
            candidates.add(c);
        }
        Dialogue dialogue = Dialogue.fresh(variables, priors, options);
        TurnEntity turn = turns.of(s, candidates, dialogue, 1, now);
        List<Object> rows = new ArrayList<>();
        rows.addAll(candidates);
        for (int v = 0; v < variables.size(); v++) {
            rows.add(DialogueCodec.toEntity(s.id, v, variables.get(v), VariableStatus.OPEN));
        }
        rows.add(turn);
        return s.persist().chain(() -> SessionEntity.persist(rows)).replaceWith(turn);
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

package dev.overtone.clarify.service;

import dev.overtone.clarify.client.ParserClient;
import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.mapping.EmbeddingMatcher;
import dev.overtone.clarify.mapping.MappedReply;
import dev.overtone.clarify.mapping.ReplyMapper;
import dev.overtone.clarify.repository.CandidateEntity;
import dev.overtone.clarify.repository.DialogueCodec;
import dev.overtone.clarify.repository.IdempotencyKeyEntity;
import dev.overtone.clarify.repository.JsonColumns;
import dev.overtone.clarify.repository.SessionEntity;
import dev.overtone.clarify.repository.TurnEntity;
import dev.overtone.clarify.repository.VariableEntity;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.Executor;
import org.jboss.logging.Logger;

/**
 * The dialogue's lifecycle: Start (readings, priors, variables from the candidates' analyses or parser-svc, first turn), Answer
 * (idempotency, turn check, reply mapping, filter and renormalise, next turn, all in one transaction
 * guarded by the session's version), Get and Cancel. The arithmetic lives in {@link Dialogue}.
 */
@ApplicationScoped
public class ClarifyDialogueService {
    private static final Logger LOG = Logger.getLogger(ClarifyDialogueService.class);
    public static final String OPEN = "OPEN";
    public static final String RESOLVED = "RESOLVED";
    public static final String CANCELLED = "CANCELLED";
    public static final String EXPIRED = "EXPIRED";

    private final ClarifyConfig config;
    private final ParserClient parser;
    private final EmbeddingMatcher embeddings;

    public ClarifyDialogueService(ClarifyConfig config, ParserClient parser, EmbeddingMatcher embeddings) {
        this.config = config;
        this.parser = parser;
        this.embeddings = embeddings;
    }

    // ---------------------------------------------------------------- Start

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
                .emitOn(onContext(ctx))
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
        s.state = OPEN;
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
        TurnEntity turn = nextTurn(s, candidates, dialogue, 1, now);
        List<Object> rows = new ArrayList<>();
        rows.addAll(candidates);
        for (int v = 0; v < variables.size(); v++) {
            rows.add(DialogueCodec.toEntity(s.id, v, variables.get(v), VariableStatus.OPEN));
        }
        rows.add(turn);
        return s.persist().chain(() -> SessionEntity.persist(rows)).replaceWith(turn);
    }

    /** Asks the dialogue what comes at turn {@code number} and writes it as a turn row. */
    private TurnEntity nextTurn(SessionEntity s, List<CandidateEntity> candidates, Dialogue dialogue,
            int number, Instant now) {
        double[] p = dialogue.probabilities();
        Step step = dialogue.next(number);
        TurnEntity t = new TurnEntity();
        t.id = UUID.randomUUID();
        t.sessionId = s.id;
        t.number = number;
        t.createdAt = now;
        t.distribution = DialogueCodec.distributionJson(candidates, p);
        if (step instanceof Step.Ask ask) {
            DecisionVariable v = dialogue.variables().get(ask.variable());
            PlannedQuestion q = QuestionWriter.write(v, p, ask.gain(), s.maxOptions);
            t.kind = TurnEntity.QUESTION;
            t.variableId = v.id();
            t.questionText = q.text();
            t.options = DialogueCodec.optionsJson(q.options());
            t.expectedGain = q.expectedGain();
        } else {
            Step.Resolve r = (Step.Resolve) step;
            t.kind = TurnEntity.RESOLUTION;
            CandidateEntity chosen = r.reading() >= 0 ? candidates.get(r.reading()) : null;
            t.resolutionCandidate = chosen != null ? chosen.candidateId : "";
            t.resolutionSql = chosen != null ? chosen.sql : "";
            t.resolutionInterpretation = chosen != null ? chosen.text : "";
            // Over a set known to be incomplete, part of the mass belongs to readings no one found.
            t.resolutionOverIncomplete = s.candidatesIncomplete;
            t.resolutionConfidence = s.candidatesIncomplete ? r.confidence() * (1 - config.incompleteReserve()) : r.confidence();
            t.resolutionReason = r.reason().name();
            s.state = RESOLVED;
        }
        return t;
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

    // ---------------------------------------------------------------- Answer

    /** What the read-only first pass found: a replayed turn, or the question to map the reply against. */
    private record Pending(TurnEntity replay, List<DecisionVariable> variables, TurnEntity current) {
    }

    public Uni<TurnEntity> answer(AnswerCommand cmd) {
        UUID id = sessionId(cmd.sessionId());
        boolean hasOption = cmd.optionId() != null && !cmd.optionId().isBlank();
        boolean hasText = cmd.freeText() != null && !cmd.freeText().isBlank();
        if (!hasOption && !hasText) {
            throw ClarifyException.invalid("the reply is empty: give reply.option_id (e.g. \"o1\") or reply.free_text");
        }
        Context ctx = Vertx.currentContext();
        return Panache.withSession(() -> pending(id, cmd))
                .chain(pending -> pending.replay != null
                        ? Uni.createFrom().item(pending.replay)
                        : map(pending, cmd, ctx).chain(mapped -> Panache.withTransaction(() -> apply(id, cmd, mapped))))
                .onFailure(Conflicts::isConflict).transform(f -> new ClarifyException(ClarifyException.Kind.ABORTED,
                        "turn " + cmd.turn() + " of session " + cmd.sessionId() + " was answered by a concurrent call; Get the session and answer its current turn"));
    }

    private Uni<Pending> pending(UUID id, AnswerCommand cmd) {
        return SessionEntity.<SessionEntity>findById(id).chain(s -> {
            if (s == null) {
                return Uni.createFrom().failure(notFound(cmd.sessionId()));
            }
            Uni<IdempotencyKeyEntity> key = cmd.idempotencyKey() == null || cmd.idempotencyKey().isEmpty()
                    ? Uni.createFrom().nullItem()
                    : IdempotencyKeyEntity.find("sessionId = ?1 and key = ?2", id, cmd.idempotencyKey()).firstResult();
            return key.chain(k -> {
                if (k != null) {
                    if (!k.requestDigest.equals(cmd.digest())) {
                        return Uni.createFrom().failure(ClarifyException.invalid("idempotency key '" + cmd.idempotencyKey()
                                + "' was already used for a different answer (turn " + k.answeredTurn + "); use a new key"));
                    }
                    return turn(id, k.resultTurn).map(t -> new Pending(t, null, null));
                }
                checkAnswerable(s, cmd);
                return turn(id, cmd.turn()).chain(t -> VariableEntity.<VariableEntity>find("sessionId = ?1 order by ordinal", id).list()
                        .map(vs -> new Pending(null, vs.stream().map(DialogueCodec::toVariable).toList(), t)));
            });
        });
    }

    private void checkAnswerable(SessionEntity s, AnswerCommand cmd) {
        if (cmd.turn() < s.currentTurn) {
            // lost a race, or a stale retry without its key: the turn is settled either way
            throw new ClarifyException(ClarifyException.Kind.ABORTED, "turn " + cmd.turn() + " of session " + s.id
                    + " was already answered (the current turn is " + s.currentTurn + "); Get the session to see where it stands");
        }
        String state = effectiveState(s);
        if (!OPEN.equals(state)) {
            throw new ClarifyException(ClarifyException.Kind.FAILED_PRECONDITION, "session " + s.id + " is "
                    + state.toLowerCase() + (EXPIRED.equals(state) ? " (idle longer than " + config.sessions().idleTimeout() + ")" : "")
                    + "; it takes no more answers — Start a new one");
        }
        if (cmd.turn() != s.currentTurn) {
            throw new ClarifyException(ClarifyException.Kind.ABORTED, "turn " + cmd.turn() + " is not the current turn of session "
                    + s.id + " (the current turn is " + s.currentTurn + ")");
        }
    }

    private Uni<MappedReply> map(Pending pending, AnswerCommand cmd, Context ctx) {
        DecisionVariable variable = pending.variables.stream().filter(v -> v.id().equals(pending.current.variableId)).findFirst()
                .orElseThrow(() -> new IllegalStateException("turn " + pending.current.number + " asks about unknown variable " + pending.current.variableId));
        ReplyMapper mapper = new ReplyMapper(DialogueCodec.options(pending.current.options), variable);
        if (cmd.optionId() != null && !cmd.optionId().isBlank()) {
            return Uni.createFrom().item(mapper.mapOptionId(cmd.optionId()));
        }
        Optional<MappedReply> quick = mapper.mapText(cmd.freeText());
        if (quick.isPresent() || !embeddings.enabled()) {
            return Uni.createFrom().item(quick.orElseGet(mapper::unhelpful));
        }
        return Uni.createFrom().item(() -> {
                    OptionalInt best = embeddings.closest(cmd.freeText(), mapper.valueTexts());
                    return best.isPresent() ? mapper.byEmbedding(best.getAsInt()) : mapper.unhelpful();
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .emitOn(onContext(ctx));
    }

    private Uni<TurnEntity> apply(UUID id, AnswerCommand cmd, MappedReply reply) {
        return SessionEntity.<SessionEntity>findById(id).chain(s -> {
            checkAnswerable(s, cmd);
            Uni<List<CandidateEntity>> candidates = CandidateEntity.find("sessionId = ?1 order by ordinal", id).list();
            Uni<List<VariableEntity>> variables = VariableEntity.find("sessionId = ?1 order by ordinal", id).list();
            return candidates.chain(cs -> variables.chain(vs -> turn(id, cmd.turn()).chain(current -> {
                Instant now = Instant.now();
                Dialogue dialogue = restore(s, cs, vs);
                int asked = indexOf(vs, current.variableId);
                dialogue.apply(asked, reply.kind(), reply.codes());
                double[] p = dialogue.probabilities();
                for (int i = 0; i < cs.size(); i++) {
                    cs.get(i).probability = p[i];
                }
                for (int v = 0; v < vs.size(); v++) {
                    vs.get(v).status = dialogue.statuses()[v].name();
                }
                current.replyOptionId = cmd.optionId();
                current.replyFreeText = cmd.freeText();
                current.mappedOptionIds = JsonColumns.write(reply.optionIds());
                current.mapping = reply.mapping();
                current.distributionAfter = DialogueCodec.distributionJson(cs, p);
                current.answeredAt = now;
                TurnEntity next = nextTurn(s, cs, dialogue, cmd.turn() + 1, now);
                s.currentTurn = next.number;
                s.questionsAsked = dialogue.asked();
                s.lastReplyAny = dialogue.lastReplyAny();
                s.updatedAt = now;
                List<Object> rows = new ArrayList<>();
                rows.add(next);
                if (cmd.idempotencyKey() != null && !cmd.idempotencyKey().isEmpty()) {
                    IdempotencyKeyEntity k = new IdempotencyKeyEntity();
                    k.id = UUID.randomUUID();
                    k.sessionId = id;
                    k.key = cmd.idempotencyKey();
                    k.answeredTurn = cmd.turn();
                    k.requestDigest = cmd.digest();
                    k.resultTurn = next.number;
                    k.createdAt = now;
                    rows.add(k);
                }
                LOG.debugf("session %s turn %d: %s via %s", id, cmd.turn(), reply.kind(), reply.mapping());
                return SessionEntity.persist(rows).chain(() -> Panache.getSession().chain(ses -> ses.flush())).replaceWith(next);
            })));
        });
    }

    private static Dialogue restore(SessionEntity s, List<CandidateEntity> cs, List<VariableEntity> vs) {
        double[] p = new double[cs.size()];
        for (int i = 0; i < p.length; i++) {
            p[i] = cs.get(i).probability;
        }
        List<DecisionVariable> variables = vs.stream().map(DialogueCodec::toVariable).toList();
        VariableStatus[] status = vs.stream().map(v -> VariableStatus.valueOf(v.status)).toArray(VariableStatus[]::new);
        DialogueOptions options = new DialogueOptions(s.confidenceThreshold, s.maxTurns, StrategyKind.fromLabel(s.strategy), s.seed, s.maxOptions);
        return new Dialogue(variables, p, status, options, s.questionsAsked, s.lastReplyAny);
    }

    private static int indexOf(List<VariableEntity> vs, String variableId) {
        for (int v = 0; v < vs.size(); v++) {
            if (vs.get(v).variableId.equals(variableId)) {
                return v;
            }
        }
        throw new IllegalStateException("unknown variable " + variableId);
    }

    private static Uni<TurnEntity> turn(UUID id, int number) {
        return TurnEntity.<TurnEntity>find("sessionId = ?1 and number = ?2", id, number).firstResult();
    }

    // ---------------------------------------------------------------- Get, Cancel

    public Uni<SessionView> get(String sessionId) {
        UUID id = sessionId(sessionId);
        return Panache.withSession(() -> view(id, sessionId));
    }

    public Uni<SessionView> cancel(String sessionId) {
        UUID id = sessionId(sessionId);
        return Panache.withTransaction(() -> SessionEntity.<SessionEntity>findById(id).chain(s -> {
            if (s == null) {
                return Uni.createFrom().failure(notFound(sessionId));
            }
            String state = effectiveState(s);
            if (RESOLVED.equals(state) || EXPIRED.equals(state)) {
                return Uni.createFrom().failure(new ClarifyException(ClarifyException.Kind.FAILED_PRECONDITION,
                        "session " + id + " is already " + state.toLowerCase() + "; there is nothing to cancel"));
            }
            s.state = CANCELLED;
            s.updatedAt = Instant.now();
            return Uni.createFrom().voidItem();
        })).onFailure(Conflicts::isConflict).transform(f -> new ClarifyException(ClarifyException.Kind.ABORTED,
                "session " + sessionId + " changed while it was being cancelled; try again"))
                .chain(() -> get(sessionId));
    }

    private Uni<SessionView> view(UUID id, String sessionId) {
        return SessionEntity.<SessionEntity>findById(id).chain(s -> {
            if (s == null) {
                return Uni.createFrom().failure(notFound(sessionId));
            }
            return CandidateEntity.<CandidateEntity>find("sessionId = ?1 order by ordinal", id).list()
                    .chain(cs -> TurnEntity.<TurnEntity>find("sessionId = ?1 order by number", id).list()
                            .map(ts -> new SessionView(s, effectiveState(s), cs, ts)));
        });
    }

    // ---------------------------------------------------------------- helpers

    String effectiveState(SessionEntity s) {
        if (OPEN.equals(s.state) && s.updatedAt.plus(config.sessions().idleTimeout()).isBefore(Instant.now())) {
            return EXPIRED;
        }
        return s.state;
    }

    private static UUID sessionId(String id) {
        try {
            return UUID.fromString(id.trim());
        } catch (RuntimeException e) {
            throw notFound(id);
        }
    }

    private static ClarifyException notFound(String id) {
        return new ClarifyException(ClarifyException.Kind.NOT_FOUND, "no clarification session '" + id
                + "' (never started, or cleaned up after expiring)");
    }

    /** Resumes on the caller's Vert.x context (Hibernate Reactive must stay on it). */
    static Executor onContext(Context ctx) {
        return ctx == null ? Runnable::run : r -> ctx.runOnContext(v -> r.run());
    }

}

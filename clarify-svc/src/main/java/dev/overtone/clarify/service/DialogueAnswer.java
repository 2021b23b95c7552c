package dev.overtone.clarify.service;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.mapping.EmbeddingMatcher;
import dev.overtone.clarify.mapping.MappedReply;
import dev.overtone.clarify.mapping.ReplyMapper;
import dev.overtone.clarify.memory.AnsweredForks;
import dev.overtone.clarify.memory.Choice;
import dev.overtone.clarify.memory.ChoiceCache;
import dev.overtone.clarify.memory.ChoiceRecorder;
import dev.overtone.clarify.memory.ForkChoice;
import dev.overtone.clarify.memory.MemoryScope;
import dev.overtone.clarify.memory.ShownBeside;
import dev.overtone.clarify.repository.CandidateEntity;
import dev.overtone.clarify.repository.DialogueCodec;
import dev.overtone.clarify.repository.DialogueState;
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
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Answer: idempotency, the turn check, the reply mapped (options, words, then the embedding model), the readings
 * filtered and renormalised, the next turn, all in one transaction guarded by the session's version. A read-only
 * first pass finds a replayed turn or the question to map against, so no transaction is held while the model runs.
 */
@ApplicationScoped
public class DialogueAnswer {
    private static final Logger LOG = Logger.getLogger(DialogueAnswer.class);

    @Inject
    ClarifyConfig config;
    @Inject
    EmbeddingMatcher embeddings;
    @Inject
    Sessions sessions;
    @Inject
    NextTurn turns;
    @Inject
    ChoiceRecorder recorder;
    @Inject
    ChoiceCache cache;
    @Inject
    InputLimits limits;

    /** What the read-only first pass found: a replayed turn, or the question to map the reply against. */
    private record Pending(SessionEntity session, TurnEntity replay, List<DecisionVariable> variables, TurnEntity current) {
    }

    public Uni<AnsweredTurn> answer(AnswerCommand cmd) {
        UUID id = Sessions.id(cmd.sessionId());
        boolean hasOption = cmd.optionId() != null && !cmd.optionId().isBlank();
        boolean hasText = cmd.freeText() != null && !cmd.freeText().isBlank();
        if (!hasOption && !hasText) {
            throw ClarifyException.invalid("the reply is empty: give reply.option_id (e.g. \"o1\") or reply.free_text");
        }
        limits.reply(cmd.freeText());
        Context ctx = Vertx.currentContext();
        return Panache.withSession(() -> pending(id, cmd))
                .chain(pending -> pending.replay != null
                        ? Uni.createFrom().item(AnsweredTurn.of(pending.session, pending.replay, recorder.enabled()))
                        : map(pending, cmd, ctx).chain(mapped -> Panache.withTransaction(() -> apply(id, cmd, mapped)))
                                // an answer that resolves records choices: this replica's cache is told after the commit
                                .invoke(() -> cache.changed(new MemoryScope(pending.session.tenant, pending.session.database))))
                .onFailure(Conflicts::isConflict).transform(f -> new ClarifyException(ClarifyException.Kind.ABORTED,
                        "turn " + cmd.turn() + " of session " + cmd.sessionId() + " was answered by a concurrent call; Get the session and answer its current turn"));
    }

    private Uni<Pending> pending(UUID id, AnswerCommand cmd) {
        return SessionEntity.<SessionEntity>findById(id).chain(s -> {
            if (s == null) {
                return Uni.createFrom().failure(Sessions.notFound(cmd.sessionId()));
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
                    return Sessions.turn(id, k.resultTurn).map(t -> new Pending(s, t, null, null));
                }
                checkAnswerable(s, cmd);
                return Sessions.turn(id, cmd.turn()).chain(t -> VariableEntity.<VariableEntity>find("sessionId = ?1 order by ordinal", id).list()
                        .map(vs -> new Pending(s, null, vs.stream().map(DialogueCodec::toVariable).toList(), t)));
            });
        });
    }

    private void checkAnswerable(SessionEntity s, AnswerCommand cmd) {
        if (cmd.turn() < s.currentTurn) {
            // lost a race, or a stale retry without its key: the turn is settled either way
            throw new ClarifyException(ClarifyException.Kind.ABORTED, "turn " + cmd.turn() + " of session " + s.id
                    + " was already answered (the current turn is " + s.currentTurn + "); Get the session to see where it stands");
        }
        DialogueState state = sessions.state(s);
        if (state != DialogueState.OPEN) {
            throw new ClarifyException(ClarifyException.Kind.FAILED_PRECONDITION, "session " + s.id + " is "
                    + state.said() + (state == DialogueState.EXPIRED ? " (idle longer than " + config.sessions().idleTimeout() + ")" : "")
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
                .emitOn(CallerContext.of(ctx));
    }

    private Uni<AnsweredTurn> apply(UUID id, AnswerCommand cmd, MappedReply reply) {
        return SessionEntity.<SessionEntity>findById(id).chain(s -> {
            checkAnswerable(s, cmd);
            Uni<List<CandidateEntity>> candidates = CandidateEntity.find("sessionId = ?1 order by ordinal", id).list();
            Uni<List<VariableEntity>> variables = VariableEntity.find("sessionId = ?1 order by ordinal", id).list();
            return candidates.chain(cs -> variables.chain(vs -> Sessions.turn(id, cmd.turn()).chain(current -> {
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
                TurnEntity next = turns.of(s, cs, dialogue, cmd.turn() + 1, now);
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
                return SessionEntity.persist(rows).chain(() -> remember(s, vs, current, next))
                        .chain(() -> Panache.getSession().chain(ses -> ses.flush())).replaceWith(AnsweredTurn.of(s, next, recorder.enabled()));
            })));
        });
    }

    /**
     * When the dialogue resolves on a reading, what the person answered is remembered under the session's tenant and
     * database, with the columns the reading shows beside a chosen one ({@link ShownBeside}) and the reading itself, in
     * this transaction: the resolution and the memory are written together or not at all.
     */
    private Uni<Void> remember(SessionEntity s, List<VariableEntity> vs, TurnEntity current, TurnEntity next) {
        if (!TurnEntity.RESOLUTION.equals(next.kind) || next.resolutionCandidate.isEmpty() || s.tenant.isEmpty() || !recorder.enabled()) {
            return Uni.createFrom().voidItem();
        }
        List<DecisionVariable> variables = vs.stream().map(DialogueCodec::toVariable).toList();
        return TurnEntity.<TurnEntity>find("sessionId = ?1 and number < ?2 order by number", s.id, current.number).list()
                .chain(earlier -> CandidateEntity.<CandidateEntity>find("sessionId = ?1 and candidateId = ?2", s.id, next.resolutionCandidate)
                        .firstResult().chain(chosen -> {
                            List<TurnEntity> answered = new ArrayList<>(earlier);
                            answered.add(current);
                            List<ForkChoice> forks = new ArrayList<>(AnsweredForks.of(variables, answered));
                            if (!forks.isEmpty() && chosen != null) { // the person decided something: the reading they were given
                                // beside a column chosen, the others that reading shows, as Start stored them (Choose does the same)
                                forks.addAll(ShownBeside.of(forks, JsonColumns.strings(chosen.shownColumns)));
                                forks.add(ForkChoice.reading(chosen.sql, chosen.text));
                            }
                            return recorder.record(s.tenant, s.database, s.question, Choice.Source.DIALOGUE, forks);
                        }))
                .replaceWithVoid();
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

}

package dev.overtone.bench.clarify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.CandidateProbability;
import dev.overtone.proto.v1.MemoryToken;
import dev.overtone.proto.v1.ClarifyServiceGrpc.ClarifyServiceBlockingStub;
import dev.overtone.proto.v1.Option;
import dev.overtone.proto.v1.OptionKind;
import dev.overtone.proto.v1.Reply;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.grpc.StatusRuntimeException;

/**
 * Plays one clarification dialogue with a simulated user. Which candidates an option keeps is not
 * in the contract, so the bench learns it by probing: it opens a twin session with the same
 * request, replays the replies given so far, answers the option, and reads which candidates keep
 * their weight (probability ratio at least half the best ratio). Probe sessions are cancelled.
 */
public final class Dialogue {

    /**
     * The outcome of one dialogue; {@code memoryToken} is the resolving turn's (clarify.proto Turn.memory_token), which a
     * caller passes as its next Interpret's after_choice in that tenant and database.
     */
    public record Result(boolean accurate, int questions, String finalSql, String error, Optional<MemoryToken> memoryToken) {
        public Result(boolean accurate, int questions, String finalSql, String error) {
            this(accurate, questions, finalSql, error, Optional.empty());
        }
    }

    /** Stops a runaway dialogue (the service's own turn limit should end it sooner). */
    static final int MAX_QUESTIONS = 12;

    private final Supplier<ClarifyServiceBlockingStub> clarify;
    private final StartRequest start;
    private final SimulatedUser.Kind user;
    private final Set<String> intended;
    private final Predicate<String> correct;
    /** What the twin sessions start from: the same request unless {@link #probingWith} says otherwise. */
    private StartRequest twinStart;

    /**
     * @param intended candidate ids whose result equals the intended gold's
     * @param correct  whether a final SQL's result equals the intended gold's
     */
    public Dialogue(Supplier<ClarifyServiceBlockingStub> clarify, StartRequest start, SimulatedUser.Kind user,
                    Set<String> intended, Predicate<String> correct) {
        this.clarify = clarify;
        this.start = start;
        this.user = user;
        this.intended = intended;
        this.correct = correct;
        this.twinStart = start;
    }

    /**
     * Probes on twins started from {@code twin} instead: e.g. the request without tenant and database, so a twin that
     * resolves is not remembered as the tenant's choice (clarify-svc remembers what a resolved dialogue decided).
     */
    public Dialogue probingWith(StartRequest twin) {
        this.twinStart = twin;
        return this;
    }

    public Result play() {
        List<Reply> history = new ArrayList<>();
        int questions = 0;
        Turn turn;
        try {
            turn = clarify.get().start(start);
            while (turn.hasQuestion() && questions < MAX_QUESTIONS) {
                questions++;
                List<SimulatedUser.OptionView> views = SimulatedUser.needsCandidates(user, questions)
                        ? probe(history, turn) : List.of();
                Reply reply = SimulatedUser.reply(user, questions, views, intended);
                turn = answer(turn.getSessionId(), turn.getNumber(), reply);
                history.add(reply);
            }
        } catch (StatusRuntimeException e) {
            return new Result(false, questions, null, e.getStatus().getCode() + ": " + e.getStatus().getDescription());
        }
        if (!turn.hasResolution()) {
            cancel(turn.getSessionId());
            return new Result(false, questions, null, "no resolution after " + questions + " questions");
        }
        String sql = turn.getResolution().getSql();
        return new Result(!sql.isEmpty() && correct.test(sql), questions, sql, null,
                turn.hasMemoryToken() ? Optional.of(turn.getMemoryToken()) : Optional.empty());
    }

    private Turn answer(String session, int number, Reply reply) {
        return clarify.get().answer(AnswerRequest.newBuilder().setSessionId(session).setTurn(number).setReply(reply)
                .setIdempotencyKey(UUID.randomUUID().toString()).build());
    }

    /** The options of {@code current} with the candidates each keeps, learnt on twin sessions. */
    private List<SimulatedUser.OptionView> probe(List<Reply> history, Turn current) {
        Map<String, Double> before = distribution(current);
        List<SimulatedUser.OptionView> views = new ArrayList<>();
        for (Option o : current.getQuestion().getOptionsList()) {
            Set<String> kept = o.getKind() == OptionKind.OPTION_KIND_VALUE ? keptBy(history, current, o, before) : Set.of();
            views.add(new SimulatedUser.OptionView(o.getId(), o.getKind(), o.getLabel(), kept));
        }
        return views;
    }

    private Set<String> keptBy(List<Reply> history, Turn current, Option option, Map<String, Double> before) {
        Turn twin = clarify.get().start(twinStart);
        try {
            for (Reply r : history) {
                if (!twin.hasQuestion()) {
                    return Set.of();
                }
                twin = answer(twin.getSessionId(), twin.getNumber(), r);
            }
            if (!twin.hasQuestion() || !twin.getQuestion().getVariable().equals(current.getQuestion().getVariable())) {
                return Set.of();
            }
            Turn after = answer(twin.getSessionId(), twin.getNumber(), Reply.newBuilder().setOptionId(option.getId()).build());
            return kept(before, distribution(after), after);
        } finally {
            cancel(twin.getSessionId());
        }
    }

    /** Candidates whose probability ratio after/before is at least half the best ratio. */
    static Set<String> kept(Map<String, Double> before, Map<String, Double> after, Turn afterTurn) {
        if (after.isEmpty()) {
            return afterTurn.hasResolution() ? Set.of(afterTurn.getResolution().getCandidateId()) : Set.of();
        }
        Map<String, Double> ratio = new HashMap<>();
        double best = 0;
        for (Map.Entry<String, Double> e : after.entrySet()) {
            double b = before.getOrDefault(e.getKey(), 0.0);
            double r = b > 0 ? e.getValue() / b : (e.getValue() > 0 ? Double.MAX_VALUE : 0);
            ratio.put(e.getKey(), r);
            best = Math.max(best, r);
        }
        Set<String> out = new LinkedHashSet<>();
        for (Map.Entry<String, Double> e : ratio.entrySet()) {
            if (best > 0 && e.getValue() >= best / 2 && after.get(e.getKey()) > 1e-9) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    static Map<String, Double> distribution(Turn t) {
        Map<String, Double> m = new HashMap<>();
        for (CandidateProbability p : t.getDistributionList()) {
            m.put(p.getCandidateId(), p.getProbability());
        }
        return m;
    }

    private void cancel(String session) {
        if (session == null || session.isEmpty()) {
            return;
        }
        try {
            clarify.get().cancel(CancelRequest.newBuilder().setSessionId(session).build());
        } catch (StatusRuntimeException ignored) {
            // a resolved session cannot be cancelled; nothing is left open
        }
    }
}

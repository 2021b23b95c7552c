package dev.overtone.clarify.support;

import dev.overtone.clarify.repository.CandidateEntity;
import dev.overtone.clarify.repository.DialogueState;
import dev.overtone.clarify.repository.IdempotencyKeyEntity;
import dev.overtone.clarify.repository.SessionEntity;
import dev.overtone.clarify.repository.TurnEntity;
import dev.overtone.clarify.repository.VariableEntity;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * One row of each dialogue table, as the hotel dialogue leaves it, with every column given a value of its own (nulls
 * only where a column allows them), so that a column lost on the way shows. Times in microseconds, as PostgreSQL keeps them.
 */
public final class DialogueRows {

    private DialogueRows() {
    }

    /** A resolved dialogue of a tenant, without its rows' defaults: each field set. */
    public static SessionEntity session() {
        SessionEntity s = new SessionEntity();
        s.id = UUID.randomUUID();
        s.question = HotelDialogue.QUESTION;
        s.state = DialogueState.RESOLVED;
        s.confidenceThreshold = 0.85;
        s.maxTurns = 4;
        s.strategy = "eig-fast";
        s.seed = 7_000_000_001L;
        s.maxOptions = 6;
        s.currentTurn = 3;
        s.questionsAsked = 2;
        s.lastReplyAny = true;
        s.candidatesIncomplete = true;
        s.tenant = MemoryCalls.newTenant();
        s.database = "hotels";
        s.remembered = "[{\"clause\":\"select\",\"pivot_term\":\"rating\"}]";
        s.createdAt = now().minusSeconds(90);
        s.updatedAt = now();
        return s;
    }

    public static CandidateEntity candidate(UUID sessionId, int ordinal) {
        CandidateEntity c = new CandidateEntity();
        c.id = UUID.randomUUID();
        c.sessionId = sessionId;
        c.ordinal = ordinal;
        c.candidateId = "c" + ordinal;
        c.sql = "SELECT name, stars FROM hotels";
        c.text = "each hotel's stars";
        c.fingerprint = "fp-stars";
        c.prior = 0.4;
        c.probability = 0.625;
        c.aliases = "[\"c9\"]";
        c.shownColumns = "[\"hotels.name\",\"hotels.stars\"]";
        return c;
    }

    public static VariableEntity variable(UUID sessionId) {
        VariableEntity v = new VariableEntity();
        v.id = UUID.randomUUID();
        v.sessionId = sessionId;
        v.ordinal = 0;
        v.variableId = "v0";
        v.paths = "[\"select[1]\",\"join[1]/on\"]";
        v.clause = "select";
        v.codes = "[0,1,1]";
        v.valueKeys = "[\"hotels.stars\",\"AVG(reviews.score)\"]";
        v.valueLabels = "[\"the hotel's stars\",\"the average review score\"]";
        v.valueTerms = "[[\"stars\"],[\"review\",\"score\"]]";
        v.pivotTerm = "rating";
        v.status = "ANSWERED";
        return v;
    }

    /** A question that was answered: its reply and the distribution after it; no resolution (its columns null or default). */
    public static TurnEntity answeredQuestion(UUID sessionId, int number) {
        TurnEntity t = turn(sessionId, number, TurnEntity.QUESTION);
        t.variableId = "v0";
        t.questionText = "By 'rating', do you mean the hotel's stars or the average review score?";
        t.options = "[{\"id\":\"o1\",\"label\":\"the hotel's stars\"}]";
        t.expectedGain = 0.971;
        t.distribution = "[{\"candidate_id\":\"c0\",\"probability\":0.6}]";
        t.replyOptionId = "o2";
        t.replyFreeText = "the reviews";
        t.mappedOptionIds = "[\"o2\"]";
        t.mapping = "lexical";
        t.distributionAfter = "[{\"candidate_id\":\"c1\",\"probability\":1.0}]";
        t.answeredAt = now().plusSeconds(30);
        return t;
    }

    /** The resolution a dialogue stopped with: no question, no reply. */
    public static TurnEntity resolution(UUID sessionId, int number) {
        TurnEntity t = turn(sessionId, number, TurnEntity.RESOLUTION);
        t.distribution = "[{\"candidate_id\":\"c1\",\"probability\":0.95}]";
        t.resolutionCandidate = "c1";
        t.resolutionSql = "SELECT hotels.name, AVG(reviews.score) FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id GROUP BY hotels.name";
        t.resolutionInterpretation = "each hotel's average review score";
        t.resolutionConfidence = 0.76;
        t.resolutionOverIncomplete = true;
        t.resolutionRemembered = "[{\"clause\":\"select\"}]";
        t.resolutionReason = "THRESHOLD";
        return t;
    }

    private static TurnEntity turn(UUID sessionId, int number, String kind) {
        TurnEntity t = new TurnEntity();
        t.id = UUID.randomUUID();
        t.sessionId = sessionId;
        t.number = number;
        t.kind = kind;
        t.createdAt = now();
        return t;
    }

    public static IdempotencyKeyEntity idempotencyKey(UUID sessionId, String key) {
        IdempotencyKeyEntity k = new IdempotencyKeyEntity();
        k.id = UUID.randomUUID();
        k.sessionId = sessionId;
        k.key = key;
        k.answeredTurn = 2;
        k.requestDigest = "3f2a9c";
        k.resultTurn = 3;
        k.createdAt = now();
        return k;
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}

package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.repository.CandidateEntity;
import dev.overtone.clarify.repository.DialogueState;
import dev.overtone.clarify.repository.SessionEntity;
import dev.overtone.clarify.repository.TurnEntity;
import dev.overtone.runtime.testing.ConfigStub;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class NextTurnTest {
    private static final DialogueOptions OPTIONS = new DialogueOptions(0.9, 5, StrategyKind.EIG, 1, 8);
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private final NextTurn next = nextTurn();
    private final List<CandidateEntity> candidates = List.of(candidate("stars", "SELECT stars FROM hotels"),
            candidate("score", "SELECT avg(score) FROM reviews"));

    @Test
    void anOpenForkIsAskedAsAQuestionTurnAndTheSessionStaysOpen() {
        SessionEntity s = session(false);

        TurnEntity t = next.of(s, candidates, dialogue(0.5, 0.5), 1, NOW);

        assertThat(t.kind).isEqualTo(TurnEntity.QUESTION);
        assertThat(t.sessionId).isEqualTo(s.id);
        assertThat(t.number).isEqualTo(1);
        assertThat(t.createdAt).isEqualTo(NOW);
        assertThat(t.variableId).isEqualTo("select");
        assertThat(t.questionText).isNotBlank();
        assertThat(t.options).contains("select value 0", "select value 1");
        assertThat(t.expectedGain).isGreaterThan(0);
        assertThat(t.distribution).contains("stars", "score");
        assertThat(s.state).isEqualTo(DialogueState.OPEN);
    }

    @Test
    void aResolutionNamesTheChosenReadingAndClosesTheSession() {
        SessionEntity s = session(false);

        TurnEntity t = next.of(s, candidates, dialogue(0.05, 0.95), 2, NOW);

        assertThat(t.kind).isEqualTo(TurnEntity.RESOLUTION);
        assertThat(t.resolutionCandidate).isEqualTo("score");
        assertThat(t.resolutionSql).isEqualTo("SELECT avg(score) FROM reviews");
        assertThat(t.resolutionInterpretation).isEqualTo("the score");
        assertThat(t.resolutionConfidence).isCloseTo(0.95, within(1e-9));
        assertThat(t.resolutionOverIncomplete).isFalse();
        assertThat(t.resolutionReason).isEqualTo(StopReason.THRESHOLD.name());
        assertThat(t.resolutionRemembered).isEqualTo(s.remembered);
        assertThat(s.state).isEqualTo(DialogueState.RESOLVED);
    }

    @Test
    void overAnIncompleteSetTheConfidenceKeepsTheReserve() {
        TurnEntity t = next.of(session(true), candidates, dialogue(0.05, 0.95), 2, NOW);

        assertThat(t.resolutionOverIncomplete).isTrue();
        assertThat(t.resolutionConfidence).isCloseTo(0.95 * (1 - 0.2), within(1e-9));
    }

    @Test
    void noReadingLeftResolvesOnNothing() {
        TurnEntity t = next.of(session(false), candidates, dialogue(0, 0), 1, NOW);

        assertThat(t.resolutionCandidate).isEmpty();
        assertThat(t.resolutionSql).isEmpty();
        assertThat(t.resolutionReason).isEqualTo(StopReason.NO_CANDIDATE.name());
    }

    private static Dialogue dialogue(double... p) {
        return Dialogue.fresh(List.of(Variables.of("select", 0, 1)), p, OPTIONS);
    }

    private static NextTurn nextTurn() {
        NextTurn n = new NextTurn();
        n.config = ConfigStub.of(ClarifyConfig.class, Map.of("incompleteReserve", 0.2));
        return n;
    }

    private static SessionEntity session(boolean incomplete) {
        SessionEntity s = new SessionEntity();
        s.id = UUID.randomUUID();
        s.state = DialogueState.OPEN;
        s.maxOptions = 8;
        s.candidatesIncomplete = incomplete;
        s.remembered = "[{\"id\": \"remembered\"}]";
        return s;
    }

    private static CandidateEntity candidate(String id, String sql) {
        CandidateEntity c = new CandidateEntity();
        c.candidateId = id;
        c.sql = sql;
        c.text = "the " + id;
        return c;
    }
}

package dev.overtone.clarify.service;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.repository.CandidateEntity;
import dev.overtone.clarify.repository.DialogueCodec;
import dev.overtone.clarify.repository.DialogueState;
import dev.overtone.clarify.repository.SessionEntity;
import dev.overtone.clarify.repository.TurnEntity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** What the dialogue does at a turn, written as its turn row: a question, or the resolution (which closes the session). */
@ApplicationScoped
public class NextTurn {
    @Inject
    ClarifyConfig config;

    /** Asks the dialogue what comes at turn {@code number} of session {@code s} and writes it as a turn row. */
    TurnEntity of(SessionEntity s, List<CandidateEntity> candidates, Dialogue dialogue, int number, Instant now) {
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
            t.resolutionRemembered = s.remembered;
            s.state = DialogueState.RESOLVED;
        }
        return t;
    }
}

package dev.overtone.clarify.service;

import dev.overtone.clarify.repository.CandidateEntity;
import dev.overtone.clarify.repository.DialogueState;
import dev.overtone.clarify.repository.SessionEntity;
import dev.overtone.clarify.repository.TurnEntity;
import java.util.List;

/** A session as stored, with its state as of now (an idle open session reads as EXPIRED). */
public record SessionView(SessionEntity session, DialogueState state, List<CandidateEntity> candidates, List<TurnEntity> turns) {
}

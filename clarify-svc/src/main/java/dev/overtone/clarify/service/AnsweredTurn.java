package dev.overtone.clarify.service;

import dev.overtone.clarify.memory.MemoryScope;
import dev.overtone.clarify.repository.SessionEntity;
import dev.overtone.clarify.repository.TurnEntity;
import java.util.Optional;

/**
 * The turn an Answer leads to, and the scope its answers were remembered under when it resolved the dialogue: the
 * caller's read-your-choice token (Turn.memory_token). A replayed Answer names the same scope, so a retry gets the same token.
 */
public record AnsweredTurn(TurnEntity turn, Optional<MemoryScope> rememberedIn) {

    /** The scope when the turn is a resolution of a dialogue that has a tenant and database, memory on; else none. */
    static AnsweredTurn of(SessionEntity s, TurnEntity turn, boolean memoryOn) {
        boolean remembers = memoryOn && TurnEntity.RESOLUTION.equals(turn.kind) && !s.tenant.isEmpty() && !s.database.isEmpty();
        return new AnsweredTurn(turn, remembers ? Optional.of(new MemoryScope(s.tenant, s.database)) : Optional.empty());
    }

    /**
     * A session's current turn as Get and Cancel show it: with the token its Answer returned (a resolution reached
     * by an answer), so the turn reads the same whichever call gives it; a resolution at Start carries none.
     */
    public static AnsweredTurn current(SessionView v, boolean memoryOn) {
        TurnEntity last = v.turns().get(v.turns().size() - 1);
        boolean reachedByAnAnswer = v.turns().stream().anyMatch(t -> t.answeredAt != null);
        return reachedByAnAnswer ? of(v.session(), last, memoryOn) : new AnsweredTurn(last, Optional.empty());
    }
}

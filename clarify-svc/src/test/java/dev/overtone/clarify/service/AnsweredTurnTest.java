package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.memory.MemoryScope;
import dev.overtone.clarify.repository.DialogueState;
import dev.overtone.clarify.repository.SessionEntity;
import dev.overtone.clarify.repository.TurnEntity;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The read-your-choice token: only a resolution an answer reached, of a dialogue with a tenant and database, memory on. */
class AnsweredTurnTest {
    private static final MemoryScope HOTELS = new MemoryScope("acme", "hotels");

    @Test
    void aResolutionOfAnOwnedDialogueWithMemoryOnNamesItsScope() {
        assertThat(AnsweredTurn.of(session("acme", "hotels"), turn(TurnEntity.RESOLUTION, true), true).rememberedIn()).contains(HOTELS);
    }

    @Test
    void noScopeForAQuestionMemoryOffOrADialogueWithoutAnOwner() {
        assertThat(AnsweredTurn.of(session("acme", "hotels"), turn(TurnEntity.QUESTION, true), true).rememberedIn()).isEmpty();
        assertThat(AnsweredTurn.of(session("acme", "hotels"), turn(TurnEntity.RESOLUTION, true), false).rememberedIn()).isEmpty();
        assertThat(AnsweredTurn.of(session("", "hotels"), turn(TurnEntity.RESOLUTION, true), true).rememberedIn()).isEmpty();
        assertThat(AnsweredTurn.of(session("acme", ""), turn(TurnEntity.RESOLUTION, true), true).rememberedIn()).isEmpty();
    }

    /** Get and Cancel show the current turn as its Answer returned it; a resolution at Start was no answer's and has no token. */
    @Test
    void theCurrentTurnCarriesTheTokenOnlyWhenAnAnswerReachedIt() {
        TurnEntity asked = turn(TurnEntity.QUESTION, true);
        TurnEntity resolved = turn(TurnEntity.RESOLUTION, false);
        SessionView answered = new SessionView(session("acme", "hotels"), DialogueState.RESOLVED, List.of(), List.of(asked, resolved));
        SessionView resolvedAtStart = new SessionView(session("acme", "hotels"), DialogueState.RESOLVED, List.of(), List.of(resolved));

        AnsweredTurn current = AnsweredTurn.current(answered, true);
        assertThat(current.turn()).isSameAs(resolved);
        assertThat(current.rememberedIn()).contains(HOTELS);
        assertThat(AnsweredTurn.current(resolvedAtStart, true).rememberedIn()).isEmpty();
    }

    private static SessionEntity session(String tenant, String database) {
        SessionEntity s = new SessionEntity();
        s.tenant = tenant;
        s.database = database;
        return s;
    }

    private static TurnEntity turn(String kind, boolean answered) {
        TurnEntity t = new TurnEntity();
        t.kind = kind;
        t.answeredAt = answered ? Instant.parse("2026-11-20T10:00:00Z") : null;
        return t;
    }
}

package dev.overtone.clarify.service;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.repository.CandidateEntity;
import dev.overtone.clarify.repository.DialogueState;
import dev.overtone.clarify.repository.SessionEntity;
import dev.overtone.clarify.repository.TurnEntity;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.UUID;

/** Sessions as stored: Get and Cancel, a session's state as of now, and how a missing one is said. */
@ApplicationScoped
public class Sessions {
    @Inject
    ClarifyConfig config;

    public Uni<SessionView> get(String sessionId) {
        UUID id = id(sessionId);
        return Panache.withSession(() -> view(id, sessionId));
    }

    public Uni<SessionView> cancel(String sessionId) {
        UUID id = id(sessionId);
        return Panache.withTransaction(() -> SessionEntity.<SessionEntity>findById(id).chain(s -> {
            if (s == null) {
                return Uni.createFrom().failure(notFound(sessionId));
            }
            DialogueState state = state(s);
            if (state == DialogueState.RESOLVED || state == DialogueState.EXPIRED) {
                return Uni.createFrom().failure(new ClarifyException(ClarifyException.Kind.FAILED_PRECONDITION,
                        "session " + id + " is already " + state.said() + "; there is nothing to cancel"));
            }
            s.state = DialogueState.CANCELLED;
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
                            .map(ts -> new SessionView(s, state(s), cs, ts)));
        });
    }

    /** The session's state as of now: an open session idle longer than the timeout is EXPIRED. */
    DialogueState state(SessionEntity s) {
        if (s.state == DialogueState.OPEN && s.updatedAt.plus(config.sessions().idleTimeout()).isBefore(Instant.now())) {
            return DialogueState.EXPIRED;
        }
        return s.state;
    }

    static UUID id(String sessionId) {
        try {
            return UUID.fromString(sessionId.trim());
        } catch (RuntimeException e) {
            throw notFound(sessionId);
        }
    }

    static ClarifyException notFound(String id) {
        return new ClarifyException(ClarifyException.Kind.NOT_FOUND, "no clarification session '" + id
                + "' (never started, or cleaned up after expiring)");
    }

    static Uni<TurnEntity> turn(UUID id, int number) {
        return TurnEntity.<TurnEntity>find("sessionId = ?1 and number = ?2", id, number).firstResult();
    }
}

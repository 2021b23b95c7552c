package dev.overtone.clarify.service;

import io.vertx.sqlclient.DatabaseException;
import jakarta.persistence.OptimisticLockException;
import org.hibernate.StaleStateException;
import org.hibernate.exception.ConstraintViolationException;

/**
 * Recognises a lost race, by type wherever it lies in the cause chain: a stale version (JPA's optimistic lock,
 * Hibernate's stale state), or a unique key another transaction took first (a constraint violation, SQLSTATE 23505).
 */
final class Conflicts {
    private static final String UNIQUE_VIOLATION = "23505";

    private Conflicts() {
    }

    static boolean isConflict(Throwable f) {
        for (Throwable t = f; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OptimisticLockException || t instanceof StaleStateException
                    || t instanceof ConstraintViolationException
                    || t instanceof DatabaseException db && UNIQUE_VIOLATION.equals(db.getSqlState())) {
                return true;
            }
        }
        return false;
    }
}

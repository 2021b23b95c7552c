package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.sqlclient.DatabaseException;
import jakarta.persistence.OptimisticLockException;
import java.sql.SQLException;
import org.hibernate.StaleStateException;
import org.hibernate.exception.ConstraintViolationException;
import org.junit.jupiter.api.Test;

class ConflictsTest {

    @Test
    void aStaleVersionAnywhereInTheCauseChainIsALostRace() {
        assertThat(Conflicts.isConflict(new OptimisticLockException("row was updated"))).isTrue();
        assertThat(Conflicts.isConflict(new RuntimeException("commit failed", new StaleStateException("batch update returned 0"))))
                .isTrue();
    }

    @Test
    void aUniqueKeyTakenFirstIsALostRaceAndAnotherSqlStateIsNot() {
        assertThat(Conflicts.isConflict(new IllegalStateException(
                new ConstraintViolationException("duplicate key", new SQLException("dup", "23505"), "sessions_pkey")))).isTrue();
        assertThat(Conflicts.isConflict(new RuntimeException(sqlState("23505")))).isTrue();
        assertThat(Conflicts.isConflict(new RuntimeException(sqlState("40P01")))).isFalse();
    }

    @Test
    void otherFailuresAndSelfCausedChainsAreNoConflict() {
        assertThat(Conflicts.isConflict(new IllegalStateException("connection refused"))).isFalse();
        assertThat(Conflicts.isConflict(null)).isFalse();
        RuntimeException selfCaused = new RuntimeException("loop") {
            @Override
            public synchronized Throwable getCause() {
                return this;
            }
        };
        assertThat(Conflicts.isConflict(selfCaused)).isFalse();
    }

    private static DatabaseException sqlState(String state) {
        return new DatabaseException("server said " + state, 0, state) {
        };
    }
}

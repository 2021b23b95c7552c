package dev.overtone.clarify.support;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/** Sessions as stored, read and aged behind the service's back (plain JDBC, {@link StoredRows}). */
public final class StoredSessions {

    private StoredSessions() {
    }

    /** Makes the session look untouched for {@code idle}: its last change that long ago. */
    public static void idleFor(String id, Duration idle) {
        StoredRows.update("UPDATE clarify_session SET updated_at = ? WHERE id = ?", Timestamp.from(Instant.now().minus(idle)), UUID.fromString(id));
    }

    /** The stored state's name, null when the session is gone. */
    public static String state(String id) {
        return (String) StoredRows.value("SELECT state FROM clarify_session WHERE id = ?", UUID.fromString(id));
    }
}

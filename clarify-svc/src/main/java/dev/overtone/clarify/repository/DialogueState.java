package dev.overtone.clarify.repository;

import java.util.Locale;

/** Where a stored dialogue stands; kept in the session row by name. */
public enum DialogueState {
    /** Waiting for an answer. */
    OPEN,
    /** A reading was settled on. */
    RESOLVED,
    /** Ended by its caller without a resolution. */
    CANCELLED,
    /** Idle longer than the session timeout: no answer is taken any more. */
    EXPIRED;

    /** The state as a person reads it in a message ("resolved"). */
    public String said() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package dev.overtone.clarify.memory;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A remembered choice: at one fork between readings (a {@code clause}, asked about {@code pivotTerm}), a tenant chose
 * {@code chosenValue} rather than {@code rejectedValues} (canonical slot texts) in one of its databases.
 */
public record Choice(UUID id, String tenant, String database, String clause, String pivotTerm, String chosenValue,
        List<String> rejectedValues, String chosenLabel, String question, Source source, Instant chosenAt, Instant expiresAt) {

    /** Where a choice came from: a person's answer in a dialogue, or a caller's Choose. */
    public enum Source {
        DIALOGUE, CALLER
    }
}

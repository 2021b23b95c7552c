package dev.overtone.clarify.memory;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A remembered choice: at one fork between readings (a {@code clause}, asked about {@code pivotTerm}), a tenant chose
 * {@code chosenValue} rather than {@code rejectedValues} (canonical slot texts) in one of its databases. With the clause
 * {@link #READING} it is the whole reading chosen for {@code question}: {@code chosenValue} is its SQL
 * ({@link ReadingSql}), no value is rejected, and it applies to that question alone. With {@link #SHOWN_BESIDE}
 * {@code chosenValue} is a column the chosen reading showed beside the one column in {@code rejectedValues}, the column
 * chosen at a SELECT fork of the same question (its companion, not a value turned down).
 */
public record Choice(UUID id, String tenant, String database, String clause, String pivotTerm, String chosenValue,
        List<String> rejectedValues, String chosenLabel, String question, Source source, Instant chosenAt, Instant expiresAt) {

    /** The clause of a whole reading chosen for one question. */
    public static final String READING = "reading";

    /** The clause of a column a chosen reading showed beside the column chosen at a SELECT fork ({@link ShownBeside}). */
    public static final String SHOWN_BESIDE = "select_beside";

    public boolean isReading() {
        return READING.equals(clause);
    }

    public boolean isShownBeside() {
        return SHOWN_BESIDE.equals(clause);
    }

    /** Where a choice came from: a person's answer in a dialogue, or a caller's Choose. */
    public enum Source {
        DIALOGUE, CALLER
    }
}

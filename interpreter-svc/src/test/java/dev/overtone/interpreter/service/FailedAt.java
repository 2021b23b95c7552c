package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.FailedReading;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StatusCode;

/**
 * Where a failed reading failed, which the answer says twice: the typed stage and code, and the names kept for older
 * clients ({@code stage}, {@code status}), which must agree with them.
 */
public record FailedAt(Stage kind, String stage, StatusCode code, String status) {
    /** A statement the executor refused: SQLite's or PostgreSQL's error. */
    public static final FailedAt EXECUTE_REFUSED = new FailedAt(Stage.STAGE_EXECUTE, "execute",
            StatusCode.STATUS_CODE_INVALID_ARGUMENT, "INVALID_ARGUMENT");

    @SuppressWarnings("deprecation") // the string stage and status kept for older clients
    public void assertSaidBy(FailedReading reading) {
        assertThat(reading.getKind()).isEqualTo(kind);
        assertThat(reading.getStage()).isEqualTo(stage);
        assertThat(reading.getCode()).isEqualTo(code);
        assertThat(reading.getStatus()).isEqualTo(status);
    }
}

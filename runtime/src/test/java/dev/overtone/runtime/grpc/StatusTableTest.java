package dev.overtone.runtime.grpc;

import dev.overtone.runtime.testing.StatusAnswer;
import dev.overtone.runtime.testing.StatusTableCases;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;

/** The rows every service shares, and how a service's own rows are read. */
class StatusTableTest extends StatusTableCases {

    private static final class RefusedException extends RuntimeException implements StatusFailure {
        RefusedException(String message) {
            super(message);
        }

        @Override
        public Status.Code statusCode() {
            return Status.Code.PERMISSION_DENIED;
        }
    }

    private static final StatusTable SHARED = StatusTable.of("executor-svc").build();

    /** A RESOURCE_EXHAUSTED refusal that names its pushback. */
    private static final class ExhaustedException extends RuntimeException implements StatusFailure {
        private final long pushbackMillis;

        ExhaustedException(long pushbackMillis) {
            super("queue full");
            this.pushbackMillis = pushbackMillis;
        }

        @Override
        public Status.Code statusCode() {
            return Status.Code.RESOURCE_EXHAUSTED;
        }

        @Override
        public long retryPushbackMillis() {
            return pushbackMillis;
        }
    }

    @Test
    void everyResourceExhaustedSaysWhetherAndWhenToRetry() {
        assertThat(SHARED.status(new ExhaustedException(250)).getTrailers().get(RetryPolicy.PUSHBACK)).isEqualTo("250");
        assertThat(SHARED.status(new RuntimeExhausted()).getTrailers().get(RetryPolicy.PUSHBACK)).isEqualTo("-1");
        assertThat(SHARED.status(Status.RESOURCE_EXHAUSTED.withDescription("too big").asRuntimeException())
                .getTrailers().get(RetryPolicy.PUSHBACK)).isEqualTo("-1");
        StatusRuntimeException other = SHARED.status(new RefusedException("refused by rule read-only: INSERT"));
        assertThat(other.getTrailers() == null || !other.getTrailers().containsKey(RetryPolicy.PUSHBACK)).isTrue();
    }

    /** A RESOURCE_EXHAUSTED that says nothing of a retry. */
    private static final class RuntimeExhausted extends RuntimeException implements StatusFailure {
        RuntimeExhausted() {
            super("row too large");
        }

        @Override
        public Status.Code statusCode() {
            return Status.Code.RESOURCE_EXHAUSTED;
        }
    }

    StatusTableTest() {
        super(SHARED,
                StatusAnswer.kept("a known failure keeps its code and message", Status.Code.PERMISSION_DENIED,
                        new RefusedException("refused by rule read-only: INSERT")),
                StatusAnswer.kept("a downstream failure keeps its code and message", Status.Code.UNAVAILABLE,
                        new DownstreamFailure("parser-svc", Status.Code.UNAVAILABLE, "parser-svc is unavailable at localhost:8093: Connection refused")),
                StatusAnswer.kept("a rejected argument is INVALID_ARGUMENT", Status.Code.INVALID_ARGUMENT,
                        new IllegalArgumentException("schema has no tables")));
    }

    @Test
    void anUnexpectedFailureSaysWhereToLookAndNothingOfItsInternals() {
        StatusRuntimeException status = StatusTable.of("infill-svc").build().status(new NullPointerException("Cannot invoke \"String.length()\""));
        assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(status.getStatus().getDescription()).isEqualTo("infill-svc failed unexpectedly; see its log")
                .doesNotContain("NullPointer").doesNotContain("String.length");
    }

    @Test
    void noStatusLeavesWithoutADescription() {
        StatusTable clarify = StatusTable.of("clarify-svc").build();
        assertThat(clarify.status(Status.ABORTED.asRuntimeException()).getStatus().getDescription())
                .isEqualTo("clarify-svc answered ABORTED without saying why; see its log");
        assertThat(clarify.status(new IllegalArgumentException()).getStatus().getDescription())
                .isEqualTo("clarify-svc answered INVALID_ARGUMENT without saying why; see its log");
        assertThat(SHARED.status(new RefusedException(" ")).getStatus().getDescription())
                .isEqualTo("executor-svc answered PERMISSION_DENIED without saying why; see its log");
    }

    @Test
    void aDescribedStatusPassesThroughUnchanged() {
        StatusRuntimeException original = Status.NOT_FOUND.withDescription("no tenant demo2").asRuntimeException();
        assertThat(StatusTable.of("interpreter-svc").build().status(original)).isSameAs(original);
    }

    @Test
    void aServiceRowComesBeforeTheSharedOnesAndItsTemplateCarriesTheMessage() {
        StatusTable parser = StatusTable.of("parser-svc")
                .row(IllegalStateException.class, Status.Code.FAILED_PRECONDITION, "not ready: " + StatusTable.MESSAGE)
                .row(IllegalArgumentException.class, Status.Code.OUT_OF_RANGE, StatusTable.MESSAGE).build();

        assertThat(StatusAnswer.of(parser, new IllegalStateException("no LLM configured")))
                .isEqualTo(new StatusAnswer(Status.Code.FAILED_PRECONDITION, "not ready: no LLM configured"));
        assertThat(parser.status(new IllegalArgumentException("7 > 5")).getStatus().getCode()).isEqualTo(Status.Code.OUT_OF_RANGE);
    }

    @Test
    void aCausedByRowFindsItsTypeDownTheCauseChainOnlyWhereItsConditionHolds() {
        StatusTable clarify = StatusTable.of("clarify-svc")
                .causedBy(ConnectException.class, e -> e.getMessage().contains("5532"), Status.Code.UNAVAILABLE,
                        "clarify-svc cannot reach its PostgreSQL (" + StatusTable.MESSAGE + ")").build();

        StatusRuntimeException wrapped = clarify.status(new CompletionException(new UncheckedIOException(
                new ConnectException("Connection refused: localhost/127.0.0.1:5532"))));
        assertThat(wrapped.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(wrapped.getStatus().getDescription())
                .isEqualTo("clarify-svc cannot reach its PostgreSQL (Connection refused: localhost/127.0.0.1:5532)");

        assertThat(clarify.status(new CompletionException(new ConnectException("Connection refused: elsewhere:1")))
                .getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
    }

    @Test
    void aPlainRowLooksAtTheFailureItselfNotAtWhatCausedIt() {
        StatusTable parser = StatusTable.of("parser-svc").row(IllegalStateException.class, Status.Code.FAILED_PRECONDITION, StatusTable.MESSAGE).build();
        assertThat(parser.status(new RuntimeException(new IllegalStateException("inner"))).getStatus().getCode())
                .isEqualTo(Status.Code.INTERNAL);
    }
}

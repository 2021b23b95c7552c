package dev.overtone.runtime.grpc;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FailureStatusTest {

    private record Refused(String message) implements StatusFailure {
        @Override
        public Status.Code statusCode() {
            return Status.Code.PERMISSION_DENIED;
        }

        @Override
        public String getMessage() {
            return message;
        }
    }

    private static final class RefusedException extends RuntimeException implements StatusFailure {
        RefusedException(String message) {
            super(message);
        }

        @Override
        public Status.Code statusCode() {
            return Status.Code.PERMISSION_DENIED;
        }
    }

    @Test
    void aKnownFailureKeepsItsCodeAndMessage() {
        StatusRuntimeException status = FailureStatus.of("executor-svc", new RefusedException("refused by rule read-only: INSERT"));
        assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(status.getStatus().getDescription()).isEqualTo("refused by rule read-only: INSERT");
    }

    @Test
    void aRejectedArgumentIsInvalidArgument() {
        StatusRuntimeException status = FailureStatus.of("parser-svc", new IllegalArgumentException("schema has no tables"));
        assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(status.getStatus().getDescription()).isEqualTo("schema has no tables");
    }

    @Test
    void anUnexpectedFailureSaysWhereToLookAndNothingOfItsInternals() {
        StatusRuntimeException status = FailureStatus.of("infill-svc", new NullPointerException("Cannot invoke \"String.length()\""));
        assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(status.getStatus().getDescription()).isEqualTo("infill-svc failed unexpectedly; see its log")
                .doesNotContain("NullPointer").doesNotContain("String.length");
    }

    @Test
    void noStatusLeavesWithoutADescription() {
        assertThat(FailureStatus.of("clarify-svc", Status.ABORTED.asRuntimeException()).getStatus().getDescription())
                .isEqualTo("clarify-svc answered ABORTED without saying why; see its log");
        assertThat(FailureStatus.of("clarify-svc", new IllegalArgumentException()).getStatus().getDescription())
                .isEqualTo("clarify-svc answered INVALID_ARGUMENT without saying why; see its log");
        assertThat(FailureStatus.status(Status.Code.PERMISSION_DENIED, new Refused(" ").message(), "executor-svc").getStatus().getDescription())
                .isEqualTo("executor-svc answered PERMISSION_DENIED without saying why; see its log");
    }

    @Test
    void aDescribedStatusPassesThroughUnchanged() {
        StatusRuntimeException original = Status.NOT_FOUND.withDescription("no tenant demo2").asRuntimeException();
        assertThat(FailureStatus.of("interpreter-svc", original)).isSameAs(original);
    }
}

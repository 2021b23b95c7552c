package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** A coded failure: its code a value and its status, its message as phrased, no stack trace and no pushback. */
class CodedFailureTest {

    /** A service's own refusal, as executor's SandboxException is one. */
    private static final class Refused extends CodedFailure {
        Refused(Status.Code code, String message) {
            super(code, message);
        }
    }

    @Test
    void itsCodeIsItsStatusAndItsMessageIsSentAsPhrased() {
        Refused refused = new Refused(Status.Code.FAILED_PRECONDITION, "session s-1 is already resolved");

        assertThat(refused.code()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(refused.statusCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(refused).hasMessage("session s-1 is already resolved").hasNoCause();
    }

    @Test
    void itIsAnsweredNotDebuggedNoStackTraceAndNoRetry() {
        Refused refused = new Refused(Status.Code.RESOURCE_EXHAUSTED, "tenant queue full");

        assertThat(refused.getStackTrace()).isEmpty();
        assertThat(refused.retryPushbackMillis()).as("a refusal says 'do not retry' unless it knows better").isNegative();
    }
}

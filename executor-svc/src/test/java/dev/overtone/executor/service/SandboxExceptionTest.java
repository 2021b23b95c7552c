package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** A sandbox failure is its status, a refusal names the rule that refused it, and none carries a stack trace to the caller. */
class SandboxExceptionTest {

    @Test
    void aRefusalNamesItsRuleInTheMessageAndAsAValue() {
        SandboxException refused = SandboxException.denied("write", "INSERT changes data");

        assertThat(refused.statusCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(refused.rule()).isEqualTo("write");
        assertThat(refused).hasMessage("refused by rule write: INSERT changes data");
    }

    @Test
    void everyOtherFailureIsItsStatusWithTheMessageAsGivenAndNoRule() {
        assertThat(SandboxException.notFound("unknown tenant 'acme'").statusCode()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(SandboxException.invalid("sql is empty").statusCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(SandboxException.deadline("ran past 2000 ms").statusCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(SandboxException.exhausted("tenant queue full").statusCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        SandboxException down = SandboxException.unavailable("database unreachable");
        assertThat(down.statusCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(down).hasMessage("database unreachable");
        assertThat(down.rule()).isEmpty();
    }

    @Test
    void noneKeepsAStackTrace() {
        assertThat(SandboxException.denied("function", "load_extension is not allowed").getStackTrace()).isEmpty();
    }
}

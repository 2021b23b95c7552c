package dev.overtone.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.grpc.RetryPolicy;
import dev.overtone.runtime.grpc.StatusTable;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A refusal for capacity that frees soon leaves as RESOURCE_EXHAUSTED naming when to try again; a plain one says never. */
class RetryAfterTest {
    private static final StatusTable STATUSES = StatusTable.of("executor-svc").build();

    @Test
    void itIsAnsweredResourceExhaustedWithItsPushbackInTheTrailer() {
        StatusRuntimeException status = STATUSES.status(new RetryAfter("the tenant's queue is full", Duration.ofMillis(250)));
        assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(status.getStatus().getDescription()).isEqualTo("the tenant's queue is full");
        assertThat(status.getTrailers().get(RetryPolicy.PUSHBACK)).isEqualTo("250");
    }

    @Test
    void aPlainExhaustedRefusalTellsTheCallerNotToRetry() {
        StatusRuntimeException status = STATUSES.status(SandboxException.exhausted("the deadline passed while it waited"));
        assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(Long.parseLong(status.getTrailers().get(RetryPolicy.PUSHBACK))).isNegative();
    }
}

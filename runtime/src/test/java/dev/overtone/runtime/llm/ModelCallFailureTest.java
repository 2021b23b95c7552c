package dev.overtone.runtime.llm;

import dev.overtone.runtime.llm.ModelCallFailure.Kind;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ModelCallFailureTest {

    @Test
    void everyTimeoutIsTimedOut() {
        assertThat(ModelCallFailure.of(new TimeoutException()).kind()).isEqualTo(Kind.TIMED_OUT);
        assertThat(ModelCallFailure.of(new io.smallrye.mutiny.TimeoutException()).kind()).isEqualTo(Kind.TIMED_OUT);
        assertThat(ModelCallFailure.of(new ModelTimeout("the model endpoint did not answer in time")).kind()).isEqualTo(Kind.TIMED_OUT);
    }

    @Test
    void theGuardsRefusalsAreTheirOwnKinds() {
        assertThat(ModelCallFailure.of(new CircuitBreakerOpenException())).isEqualTo(
                new ModelCallFailure(Kind.CIRCUIT_OPEN, "circuit breaker open after repeated failures"));
        assertThat(ModelCallFailure.of(new BulkheadException()).kind()).isEqualTo(Kind.BULKHEAD_FULL);
    }

    @Test
    void anEndpointFailureKeepsItsMessageAndAnythingElseIsPhrasedWithoutItsClass() {
        assertThat(ModelCallFailure.of(new RetryableModelFailure("HTTP 500 from the model endpoint")))
                .isEqualTo(new ModelCallFailure(Kind.FAILED, "HTTP 500 from the model endpoint"));
        assertThat(ModelCallFailure.of(new IllegalStateException("pool closed")).detail())
                .isEqualTo("unusable model response: pool closed");
    }

    @Test
    void aFullBulkheadIsSortedWithTheFailedCalls() {
        assertThat(ModelCallFailure.of(new TimeoutException()).byKind("deadline", "circuit", "failed")).isEqualTo("deadline");
        assertThat(ModelCallFailure.of(new CircuitBreakerOpenException()).byKind("deadline", "circuit", "failed")).isEqualTo("circuit");
        assertThat(ModelCallFailure.of(new BulkheadException()).byKind("deadline", "circuit", "failed")).isEqualTo("failed");
        assertThat(ModelCallFailure.of(new RetryableModelFailure("HTTP 500")).byKind("deadline", "circuit", "failed")).isEqualTo("failed");
    }
}

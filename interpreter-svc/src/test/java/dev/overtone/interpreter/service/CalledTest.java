package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.grpc.DownstreamFailure;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** A call either answered or failed: ok says which, and an answer of null is still an answer. */
class CalledTest {

    @Test
    void anAnsweredCallIsOkEvenWithAnEmptyAnswer() {
        assertThat(Called.answered("SELECT 1")).satisfies(c -> {
            assertThat(c.ok()).isTrue();
            assertThat(c.value()).isEqualTo("SELECT 1");
            assertThat(c.failure()).isNull();
        });
        assertThat(Called.answered(null).ok()).isTrue();
    }

    @Test
    void aFailedCallIsNotOkAndCarriesItsFailure() {
        DownstreamFailure failure = new DownstreamFailure("parser-svc", Status.Code.UNAVAILABLE, "parser-svc is down");

        Called<String> called = Called.failed(failure);

        assertThat(called.ok()).isFalse();
        assertThat(called.failure()).isSameAs(failure);
        assertThat(called.value()).isNull();
    }
}

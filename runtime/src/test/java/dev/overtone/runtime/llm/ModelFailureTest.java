package dev.overtone.runtime.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A model failure is a message for a person, not a trace: of every kind, it keeps no stack and no suppressed failure. */
class ModelFailureTest {

    @Test
    void noKindOfModelFailureKeepsAStackTraceOrASuppressedFailure() {
        List<ModelFailure> failures = List.of(new ModelFailure("HTTP 404 from the model endpoint"),
                new RetryableModelFailure("HTTP 503 from the model endpoint"),
                new ModelTimeout("the model endpoint did not answer within 4s"));

        assertThat(failures).allSatisfy(failure -> {
            failure.addSuppressed(new IllegalStateException("the response body could not be closed"));
            assertThat(failure.getStackTrace()).as(failure.getMessage()).isEmpty();
            assertThat(failure.getSuppressed()).as(failure.getMessage()).isEmpty();
        });
    }
}

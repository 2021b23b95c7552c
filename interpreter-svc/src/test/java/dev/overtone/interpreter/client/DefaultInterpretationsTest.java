package dev.overtone.interpreter.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.Schema;
import dev.overtone.runtime.testing.ConfigStub;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.junit.jupiter.api.Test;

class DefaultInterpretationsTest {
    private final List<String> prompts = new ArrayList<>();

    @Test
    void theLlmsLinesAreTheInterpretationsAtMostTheConfiguredNumber() {
        DefaultInterpretations defaults = defaults(() -> Uni.createFrom().item("the stars\nthe review score\nthe price\n"), 2);

        DefaultInterpretations.Outcome out = defaults.write(Schema.getDefaultInstance(), "the rating of each hotel", 1000);

        assertThat(out.interpretations()).containsExactly("the stars", "the review score");
        assertThat(out.warning()).isEmpty();
        assertThat(out.cause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_UNSPECIFIED);
        assertThat(prompts).singleElement().asString().contains("The question:\nthe rating of each hotel");
    }

    @Test
    void anAnswerWithoutALineIsMalformedOutput() {
        DefaultInterpretations.Outcome out = defaults(() -> Uni.createFrom().item("  \n\n"), 6)
                .write(Schema.getDefaultInstance(), "q", 1000);

        assertThat(out.interpretations()).isEmpty();
        assertThat(out.warning()).contains("the LLM answered without any interpretation line");
        assertThat(out.cause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_MALFORMED_OUTPUT);
    }

    @Test
    void anLlmThatDoesNotAnswerWithinTheBudgetTimedOut() {
        DefaultInterpretations.Outcome out = defaults(() -> Uni.createFrom().nothing(), 6).write(Schema.getDefaultInstance(), "q", 50);

        assertThat(out.warning()).contains("the LLM timed out");
        assertThat(out.cause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED);
    }

    @Test
    void anOpenCircuitAndAFailedCallAreSaidApartAndNeitherThrows() {
        DefaultInterpretations.Outcome open = defaults(() -> Uni.createFrom().failure(new CircuitBreakerOpenException("open")), 6)
                .write(Schema.getDefaultInstance(), "q", 1000);
        DefaultInterpretations.Outcome failed = defaults(() -> Uni.createFrom().failure(new IllegalStateException("HTTP 500 from the endpoint")), 6)
                .write(Schema.getDefaultInstance(), "q", 1000);

        assertThat(open.warning()).contains("the LLM circuit breaker is open after repeated failures");
        assertThat(open.cause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_CIRCUIT_OPEN);
        assertThat(failed.warning()).hasValueSatisfying(w -> assertThat(w).startsWith("the LLM failed: "));
        assertThat(failed.cause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_FAILED);
    }

    private DefaultInterpretations defaults(Supplier<Uni<String>> answer, int maxDefaults) {
        InterpreterConfig.Llm llm = ConfigStub.of(InterpreterConfig.Llm.class, Map.of("baseUrl", Optional.empty(), "apiKey", "EMPTY",
                "model", "m", "timeoutMs", 8000L, "maxDefaults", maxDefaults));
        InterpreterConfig config = ConfigStub.of(InterpreterConfig.class, Map.of("llm", llm));
        DefaultInterpretations defaults = new DefaultInterpretations();
        defaults.config = config;
        defaults.model = new InterpretationModel(config) {
            @Override
            public Uni<String> complete(String prompt) {
                prompts.add(prompt);
                return answer.get();
            }
        };
        return defaults;
    }
}

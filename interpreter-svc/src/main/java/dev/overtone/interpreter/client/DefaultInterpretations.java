package dev.overtone.interpreter.client;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.config.LlmEndpoint;
import dev.overtone.interpreter.service.InterpretationLines;
import dev.overtone.interpreter.service.SchemaContext;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.Schema;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Default interpretations from the LLM (zero-shot, one per line); a failure is a warning, never an error. */
@ApplicationScoped
public class DefaultInterpretations {
    /** The interpretations written; when the LLM failed, why (in words and typed). */
    public record Outcome(List<String> interpretations, Optional<String> warning, DegradationCause cause) {
        static Outcome written(List<String> interpretations) {
            return new Outcome(interpretations, Optional.empty(), DegradationCause.DEGRADATION_CAUSE_UNSPECIFIED);
        }

        static Outcome failed(String warning, DegradationCause cause) {
            return new Outcome(List.of(), Optional.of(warning), cause);
        }
    }

    @Inject
    InterpreterConfig config;
    @Inject
    InterpretationModel model;

    public boolean configured() {
        return LlmEndpoint.baseUrl(config.llm().baseUrl()).isPresent();
    }

    public Outcome write(Schema schema, String question, long budgetMs) {
        try {
            String answer = model.complete(SchemaContext.defaultsPrompt(schema, question))
                    .await().atMost(Duration.ofMillis(Math.max(1, budgetMs)));
            List<String> lines = InterpretationLines.parse(answer, config.llm().maxDefaults());
            if (lines.isEmpty()) {
                return Outcome.failed("the LLM answered without any interpretation line",
                        DegradationCause.DEGRADATION_CAUSE_MALFORMED_OUTPUT);
            }
            return Outcome.written(lines);
        } catch (RuntimeException e) {
            return Outcome.failed(describe(e), cause(e));
        }
    }

    static DegradationCause cause(Throwable e) {
        if (e instanceof TimeoutException || e instanceof io.smallrye.mutiny.TimeoutException) {
            return DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED;
        }
        if (e instanceof CircuitBreakerOpenException) {
            return DegradationCause.DEGRADATION_CAUSE_CIRCUIT_OPEN;
        }
        return DegradationCause.DEGRADATION_CAUSE_FAILED;
    }

    static String describe(Throwable e) {
        if (e instanceof TimeoutException || e instanceof io.smallrye.mutiny.TimeoutException) {
            return "the LLM timed out";
        }
        if (e instanceof CircuitBreakerOpenException) {
            return "the LLM circuit breaker is open after repeated failures";
        }
        if (e instanceof BulkheadException) {
            return "too many LLM calls in flight";
        }
        if (e instanceof ModelFailure) {
            return "the LLM failed: " + e.getMessage();
        }
        return "the LLM failed: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage());
    }
}

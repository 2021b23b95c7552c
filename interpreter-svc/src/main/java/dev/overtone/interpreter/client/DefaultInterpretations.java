package dev.overtone.interpreter.client;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.runtime.llm.ModelCallFailure;
import dev.overtone.interpreter.service.InterpretationLines;
import dev.overtone.interpreter.service.DefaultsPrompt;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.Schema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

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
        return model.configured();
    }

    public Outcome write(Schema schema, String question, long budgetMs) {
        try {
            String answer = model.complete(DefaultsPrompt.of(schema, question))
                    .await().atMost(Duration.ofMillis(Math.max(1, budgetMs)));
            List<String> lines = InterpretationLines.parse(answer, config.llm().maxDefaults());
            if (lines.isEmpty()) {
                return Outcome.failed("the LLM answered without any interpretation line",
                        DegradationCause.DEGRADATION_CAUSE_MALFORMED_OUTPUT);
            }
            return Outcome.written(lines);
        } catch (RuntimeException e) {
            return Outcome.failed(describe(e), ModelCallFailure.of(e).byKind(DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED,
                    DegradationCause.DEGRADATION_CAUSE_CIRCUIT_OPEN, DegradationCause.DEGRADATION_CAUSE_FAILED));
        }
    }

    static String describe(Throwable e) {
        ModelCallFailure failure = ModelCallFailure.of(e);
        return switch (failure.kind()) {
            case TIMED_OUT -> "the LLM timed out";
            case CIRCUIT_OPEN -> "the LLM circuit breaker is open after repeated failures";
            case BULKHEAD_FULL -> "too many LLM calls in flight";
            case FAILED -> "the LLM failed: " + failure.detail();
        };
    }
}

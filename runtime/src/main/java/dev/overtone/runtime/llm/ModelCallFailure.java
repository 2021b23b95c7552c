package dev.overtone.runtime.llm;

import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * Why a guarded model call (the client behind SmallRye Fault Tolerance) gave no answer, as a kind a
 * service turns into its degradation and a detail for the message. Services phrase the message
 * themselves (the LLM, the infilling model); the sorting is the same everywhere.
 */
public record ModelCallFailure(Kind kind, String detail) {

    public enum Kind {
        /** The fault-tolerance timeout, the caller's wait or the client's HTTP timeout ran out. */
        TIMED_OUT,
        /** The circuit breaker is open after repeated failures: no request reached the endpoint. */
        CIRCUIT_OPEN,
        /** Too many calls in flight: the bulkhead refused this one. */
        BULKHEAD_FULL,
        /** The endpoint answered with an error or something unusable; {@code detail} says what. */
        FAILED
    }

    public static ModelCallFailure of(Throwable failure) {
        if (failure instanceof TimeoutException || failure instanceof io.smallrye.mutiny.TimeoutException
                || failure instanceof ModelTimeout) {
            return new ModelCallFailure(Kind.TIMED_OUT, "timed out");
        }
        if (failure instanceof CircuitBreakerOpenException) {
            return new ModelCallFailure(Kind.CIRCUIT_OPEN, "circuit breaker open after repeated failures");
        }
        if (failure instanceof BulkheadException) {
            return new ModelCallFailure(Kind.BULKHEAD_FULL, "too many model calls in flight (bulkhead full)");
        }
        return new ModelCallFailure(Kind.FAILED, ModelFailures.classify(failure).getMessage());
    }

    /**
     * The service's own value for this kind (its degradation cause): a timeout, an open circuit, and anything
     * else (a full bulkhead or a failed call) alike.
     */
    public <T> T byKind(T timedOut, T circuitOpen, T otherwise) {
        return switch (kind) {
            case TIMED_OUT -> timedOut;
            case CIRCUIT_OPEN -> circuitOpen;
            case BULKHEAD_FULL, FAILED -> otherwise;
        };
    }
}

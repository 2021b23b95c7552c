package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.Stage;

/**
 * One thing a call could not do, typed: the answer's {@link Degradation} and the warning worded from it. A stage
 * off by configuration (no LLM endpoint) is said in a warning but is no degradation ({@link #onWire()} false).
 */
public record Setback(Degradation degradation, Wording wording) {

    /** How the warning says a degradation: a prefix naming what was hit, the degradation's message, what the answer lacks for it. */
    public enum Wording {
        CANDIDATES("candidates: ", ""),
        DEFAULTS("defaults: ", ""),
        /** A stage off by configuration: a warning, not a degradation. */
        DEFAULTS_OFF("defaults: ", ""),
        INFILL_CALL("infill: ", "; readings found so far only"),
        /** The message already says "infill: stopped after round N ...", on the wire as it was. */
        INFILL_BUDGET("", ""),
        /** A degradation infill-svc itself reported. */
        INFILL_SERVICE("infill-svc degraded: ", ""),
        ANALYZE("analyze: ", "; the ambiguity summary has no slots"),
        VERBALIZE("verbalize: ", "; the SQL stands in for the text"),
        CLARIFY("clarify: ", "; no clarification started"),
        RECALL("recall: ", "; ranked without the tenant's remembered choices"),
        /** Failed parse or execute calls: each reading says it in its FailedReading, no warning repeats it. */
        UNSAID(null, null);

        private final String prefix;
        private final String suffix;

        Wording(String prefix, String suffix) {
            this.prefix = prefix;
            this.suffix = suffix;
        }
    }

    /** A stage's downstream call (or {@code affectedCalls} of them) failed with {@code failure}. */
    public static Setback failed(Stage stage, DownstreamFailure failure, int affectedCalls, Wording wording) {
        return new Setback(Degradations.of(stage, failure, affectedCalls), wording);
    }

    public static Setback of(Stage stage, DegradationCause cause, String service, String message, Wording wording) {
        return new Setback(Degradations.of(stage, cause, service, message), wording);
    }

    /** A stage off by configuration: said, never a degradation. */
    public static Setback off(Stage stage, String message) {
        return new Setback(Degradations.of(stage, DegradationCause.DEGRADATION_CAUSE_UNSPECIFIED, "interpreter-svc", message),
                Wording.DEFAULTS_OFF);
    }

    /** Whether the answer's {@code degradations} carry it. */
    public boolean onWire() {
        return wording != Wording.DEFAULTS_OFF;
    }

    /** The warning that says it, or null when it is not said in a warning. */
    public String warning() {
        return wording.prefix == null ? null : wording.prefix + degradation.getMessage() + wording.suffix;
    }
}

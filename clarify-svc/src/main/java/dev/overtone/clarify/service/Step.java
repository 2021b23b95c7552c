package dev.overtone.clarify.service;

/** What a dialogue does next: ask about a variable, or stop with a reading. */
public sealed interface Step {

    record Ask(int variable, double gain) implements Step {
    }

    /** {@code reading} is −1 when no reading is left. */
    record Resolve(int reading, double confidence, StopReason reason) implements Step {
    }
}

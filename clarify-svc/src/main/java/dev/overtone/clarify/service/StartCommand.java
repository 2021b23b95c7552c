package dev.overtone.clarify.service;

import java.util.List;

/**
 * What Start asks for; null means "not given" (defaults apply). {@code tenant} and {@code database} empty: a dialogue
 * without memory; {@code ignoreMemory}: remembered choices decide nothing (answers are still remembered).
 */
public record StartCommand(String question, List<CandidateInput> candidates, Double confidenceThreshold,
        Integer maxTurns, StrategyKind strategy, Long seed, boolean candidatesIncomplete, String tenant, String database,
        boolean ignoreMemory) {

    /** Whether the dialogue belongs to a tenant's database, so that memory can be read and written for it. */
    public boolean hasOwner() {
        return tenant != null && !tenant.isBlank() && database != null && !database.isBlank();
    }

    /** {@code slots}: the SQL's slots as the caller's analysis gives them; null when the caller sent none (parser-svc is asked). */
    public record CandidateInput(String id, String sql, String text, Double probability, String fingerprint, List<SlotValue> slots) {
    }
}

package dev.overtone.clarify.service;

import java.util.List;

/** What Start asks for; null means "not given" (defaults apply). */
public record StartCommand(String question, List<CandidateInput> candidates, Double confidenceThreshold,
        Integer maxTurns, StrategyKind strategy, Long seed, boolean candidatesIncomplete) {

    /** {@code slots}: the SQL's slots as the caller's analysis gives them; null when the caller sent none (parser-svc is asked). */
    public record CandidateInput(String id, String sql, String text, Double probability, String fingerprint, List<SlotValue> slots) {
    }
}

package dev.overtone.clarify.service;

/** The knobs of one dialogue, after defaults were applied. */
public record DialogueOptions(double threshold, int maxTurns, StrategyKind strategy, long seed, int maxOptions) {
}

package dev.overtone.interpreter.ranking;

import java.util.List;

/**
 * The ranking of one question's readings.
 *
 * @param order               indexes into the input, best first
 * @param probabilities       normalised probabilities in {@code order} (sum 1, non-increasing)
 * @param confidences         calibrated P(correct) of each reading, in {@code order}
 * @param shown               how many of the first readings the compact answer presents
 * @param ambiguityProbability calibrated P(the question is ambiguous)
 * @param ambiguous           the verdict
 */
public record RankedAnswer(List<Integer> order, List<Double> probabilities, List<Double> confidences, int shown,
                           double ambiguityProbability, boolean ambiguous) {
}

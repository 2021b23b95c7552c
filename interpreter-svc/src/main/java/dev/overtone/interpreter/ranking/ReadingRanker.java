package dev.overtone.interpreter.ranking;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Orders one question's readings by evidence, cuts the compact answer and gives the ambiguity verdict.
 * A reading's score is the log-odds of a logistic model over its {@link Feature}s; readings are taken
 * greedily, each step the best score after a penalty for resembling a reading already taken, so the
 * first places go to different alternatives rather than to variants of one. Probabilities are the
 * sigmoids of those (penalised) scores raised to a fitted sharpness and normalised, P(this reading is the
 * one meant): non-increasing in rank by construction.
 */
public final class ReadingRanker {

    /** The model's constants; {@link #tuned()} holds the ones fitted on development data. */
    public record Model(double readingBias, Map<Feature, Double> readingWeights, double diversityPenalty,
                        double probabilitySharpness,
                        double verdictBias, double verdictTopConfidence, double verdictSecondConfidence,
                        double verdictDefaultSplit, double verdictPivots, double verdictReadingsLog, double verdictQuestionWords,
                        double verdictScopeMarkers, double verdictThreshold,
                        double showMinConfidence, int maxShown) {

        public static Model tuned() {
            return new Model(RankingWeights.READING_BIAS, RankingWeights.READING_WEIGHTS, RankingWeights.DIVERSITY_PENALTY,
                    RankingWeights.PROBABILITY_SHARPNESS,
                    RankingWeights.VERDICT_BIAS, RankingWeights.VERDICT_TOP_CONFIDENCE,
                    RankingWeights.VERDICT_SECOND_CONFIDENCE, RankingWeights.VERDICT_DEFAULT_SPLIT,
                    RankingWeights.VERDICT_PIVOTS, RankingWeights.VERDICT_READINGS_LOG, RankingWeights.VERDICT_QUESTION_WORDS,
                    RankingWeights.VERDICT_SCOPE_MARKERS, RankingWeights.VERDICT_THRESHOLD,
                    RankingWeights.SHOW_MIN_CONFIDENCE, RankingWeights.MAX_SHOWN);
        }
    }

    private final Model model;

    public ReadingRanker(Model model) {
        this.model = model;
    }

    public RankedAnswer rank(List<ReadingEvidence> readings) {
        int n = readings.size();
        double[] base = new double[n];
        for (int i = 0; i < n; i++) {
            base[i] = score(readings.get(i));
        }
        List<Integer> order = new ArrayList<>();
        List<Double> scores = new ArrayList<>();
        boolean[] taken = new boolean[n];
        for (int step = 0; step < n; step++) {
            int best = -1;
            double bestScore = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                if (taken[i]) {
                    continue;
                }
                double maxSimilarity = 0;
                for (int j : order) {
                    maxSimilarity = Math.max(maxSimilarity,
                            SqlShape.similarity(readings.get(i).contentWords(), readings.get(j).contentWords()));
                }
                double s = base[i] - model.diversityPenalty() * maxSimilarity;
                if (s > bestScore) {
                    best = i;
                    bestScore = s;
                }
            }
            taken[best] = true;
            order.add(best);
            scores.add(bestScore);
        }
        List<Double> probabilities = intendedProbabilities(scores);
        List<Double> confidences = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            confidences.add(sigmoid(base[order.get(k)]));
        }
        double pAmbiguous = n < 2 ? 0.0 : ambiguityProbability(readings, order, confidences);
        boolean ambiguous = n >= 2 && pAmbiguous >= model.verdictThreshold();
        int shown = n == 0 ? 0 : ambiguous ? shownWhenAmbiguous(confidences) : 1;
        return new RankedAnswer(List.copyOf(order), List.copyOf(probabilities), List.copyOf(confidences), shown,
                pAmbiguous, ambiguous);
    }

    double score(ReadingEvidence e) {
        double s = model.readingBias();
        for (var w : model.readingWeights().entrySet()) {
            s += w.getValue() * e.get(w.getKey());
        }
        return s;
    }

    /**
     * The sigmoids of the scores in rank order, raised to the sharpness and normalised: one distribution
     * over the readings (P(reading is the one meant)), which is what clarify-svc takes as its prior.
     * Computed in log space so no power underflows.
     */
    private List<Double> intendedProbabilities(List<Double> scores) {
        if (scores.isEmpty()) {
            return List.of();
        }
        double[] logWeights = new double[scores.size()];
        double top = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < logWeights.length; k++) {
            logWeights[k] = model.probabilitySharpness() * logSigmoid(scores.get(k));
            top = Math.max(top, logWeights[k]);
        }
        double total = 0;
        for (int k = 0; k < logWeights.length; k++) {
            logWeights[k] = Math.exp(logWeights[k] - top);
            total += logWeights[k];
        }
        List<Double> out = new ArrayList<>(logWeights.length);
        for (double w : logWeights) {
            out.add(w / total);
        }
        return out;
    }

    /** ln(sigmoid(z)), exact for large |z|. */
    static double logSigmoid(double z) {
        return z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z));
    }

    private double ambiguityProbability(List<ReadingEvidence> readings, List<Integer> order, List<Double> confidences) {
        long defaultResults = readings.stream().filter(r -> r.get(Feature.INFILL_ONLY) == 0.0).count();
        double z = model.verdictBias() + model.verdictTopConfidence() * confidences.get(0)
                + model.verdictSecondConfidence() * confidences.get(1)
                + model.verdictDefaultSplit() * Math.max(0, defaultResults - 1)
                + model.verdictPivots() * readings.get(0).get(Feature.QUESTION_PIVOTS)
                + model.verdictReadingsLog() * Math.log(readings.size())
                + model.verdictQuestionWords() * readings.get(0).get(Feature.QUESTION_WORDS)
                + model.verdictScopeMarkers() * readings.get(0).get(Feature.QUESTION_SCOPE_MARKERS);
        return sigmoid(z);
    }

    private int shownWhenAmbiguous(List<Double> confidences) {
        int shown = 0;
        while (shown < confidences.size() && shown < model.maxShown() && confidences.get(shown) >= model.showMinConfidence()) {
            shown++;
        }
        return Math.min(confidences.size(), Math.max(2, shown));
    }

    static double sigmoid(double z) {
        return 1.0 / (1.0 + Math.exp(-z));
    }
}

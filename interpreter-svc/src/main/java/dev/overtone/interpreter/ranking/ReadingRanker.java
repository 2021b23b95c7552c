package dev.overtone.interpreter.ranking;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Orders one question's readings by evidence, gives the ambiguity verdict and cuts the compact answer.
 * A reading's score is the log-odds of a logistic model over its {@link Feature}s; readings are taken
 * greedily, each step the best score after a penalty for resembling a reading already taken, so the
 * first places go to different alternatives rather than to variants of one. Probabilities are the
 * sigmoids of those (penalised) scores raised to a fitted sharpness and normalised, P(this reading is the
 * one meant): non-increasing in rank by construction. The verdict is a logistic model over
 * {@link VerdictFeature}s; the cut shows the fewest leading readings that hold a fitted share of the probability.
 */
public final class ReadingRanker {

    /** The verdict's constants: P(ambiguous) = sigmoid(bias + weights · features), AMBIGUOUS at or above the threshold. */
    public record Verdict(double bias, Map<VerdictFeature, Double> weights, double threshold) {
        public Verdict {
            Map<VerdictFeature, Double> copy = new EnumMap<>(VerdictFeature.class);
            copy.putAll(weights);
            weights = Collections.unmodifiableMap(copy);
        }
    }

    /**
     * The compact cut: the fewest leading readings whose probabilities sum to {@code massAmbiguous} (at least two) when
     * P(ambiguous) reaches {@code wideThreshold} or the verdict is AMBIGUOUS, else to {@code massAnswerable}; at most
     * {@code maxShown}. An answer can so be ANSWERABLE and still show its close alternatives.
     */
    public record Cut(double massAmbiguous, double massAnswerable, double wideThreshold, int maxShown) {
    }

    /** The model's constants; {@link #tuned()} holds the ones fitted on development data. */
    public record Model(double readingBias, Map<Feature, Double> readingWeights, double diversityPenalty,
                        double probabilitySharpness, Verdict verdict, Cut cut) {

        public static Model tuned() {
            return new Model(RankingWeights.READING_BIAS, RankingWeights.READING_WEIGHTS, RankingWeights.DIVERSITY_PENALTY,
                    RankingWeights.PROBABILITY_SHARPNESS,
                    new Verdict(RankingWeights.VERDICT_BIAS, RankingWeights.VERDICT_WEIGHTS, RankingWeights.VERDICT_THRESHOLD),
                    new Cut(RankingWeights.SHOW_MASS_AMBIGUOUS, RankingWeights.SHOW_MASS_ANSWERABLE,
                            RankingWeights.SHOW_WIDE_THRESHOLD, RankingWeights.MAX_SHOWN));
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
                            ReadingEvidence.similarity(readings.get(i).parts(), readings.get(j).parts()));
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
        double pAmbiguous = n < 2 ? 0.0 : ambiguityProbability(verdictFeatures(readings, order, confidences, probabilities));
        boolean ambiguous = n >= 2 && pAmbiguous >= model.verdict().threshold();
        boolean wide = n >= 2 && (ambiguous || pAmbiguous >= model.cut().wideThreshold());
        int shown = shown(probabilities, wide, model.cut());
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

    /** The verdict's inputs for a question with two or more readings, in rank order. */
    static Map<VerdictFeature, Double> verdictFeatures(List<ReadingEvidence> readings, List<Integer> order,
                                                       List<Double> confidences, List<Double> probabilities) {
        ReadingEvidence first = readings.get(order.get(0));
        ReadingEvidence second = readings.get(order.get(1));
        long defaultResults = readings.stream().filter(r -> r.get(Feature.INFILL_ONLY) == 0.0).count();
        Map<VerdictFeature, Double> v = new EnumMap<>(VerdictFeature.class);
        v.put(VerdictFeature.TOP_CONFIDENCE, confidences.get(0));
        v.put(VerdictFeature.SECOND_CONFIDENCE, confidences.get(1));
        v.put(VerdictFeature.DEFAULT_SPLIT, (double) Math.max(0, defaultResults - 1));
        v.put(VerdictFeature.PIVOTS, first.get(Feature.QUESTION_PIVOTS));
        v.put(VerdictFeature.READINGS_LOG, Math.log(readings.size()));
        v.put(VerdictFeature.QUESTION_WORDS, first.get(Feature.QUESTION_WORDS));
        v.put(VerdictFeature.SCOPE_MARKERS, first.get(Feature.QUESTION_SCOPE_MARKERS));
        v.put(VerdictFeature.TOP_DEFAULT_SHARE, first.get(Feature.DEFAULT_SHARE));
        v.put(VerdictFeature.TOP_PROBABILITY, probabilities.get(0));
        v.put(VerdictFeature.TOP_RESULT_OVERLAP, first.get(Feature.RESULT_OVERLAP));
        v.put(VerdictFeature.DECIDING_GROUNDING_GAP,
                first.get(Feature.DISTINCT_NAME_GROUNDING) - second.get(Feature.DISTINCT_NAME_GROUNDING));
        v.put(VerdictFeature.DECIDING_MEANING_GAP,
                first.get(Feature.DISTINCT_NAME_MEANING) - second.get(Feature.DISTINCT_NAME_MEANING));
        v.put(VerdictFeature.LINK_QUANTIFIER, first.get(Feature.QUESTION_LINK_QUANTIFIER));
        boolean reachesAll = readings.stream().anyMatch(r -> r.get(Feature.CONDITION_BREADTH) > 0);
        boolean reachesSome = readings.stream().anyMatch(r -> r.get(Feature.CONDITION_BREADTH) < 0);
        v.put(VerdictFeature.BREADTH_FORK, reachesAll && reachesSome ? 1.0 : 0.0);
        v.put(VerdictFeature.UNSPELLED_SIBLINGS, first.get(Feature.QUESTION_UNSPELLED_SIBLINGS));
        v.put(VerdictFeature.TOP_PROJECTION_REFERRED, first.get(Feature.PROJECTION_REFERRED));
        v.put(VerdictFeature.SPELLED_CONTEST, first.get(Feature.QUESTION_SPELLED_CONTEST));
        v.put(VerdictFeature.MEANING_SIBLINGS, first.get(Feature.QUESTION_MEANING_SIBLINGS));
        return v;
    }

    private double ambiguityProbability(Map<VerdictFeature, Double> features) {
        double z = model.verdict().bias();
        // summed in the enum's order, so the verdict is the same to the last bit in every run
        for (var e : features.entrySet()) {
            z += model.verdict().weights().getOrDefault(e.getKey(), 0.0) * e.getValue();
        }
        return sigmoid(z);
    }

    /** The fewest leading readings holding the cut's mass, at least two when wide, at most the cut's maximum. */
    static int shown(List<Double> probabilities, boolean wide, Cut cut) {
        int n = probabilities.size();
        if (n == 0) {
            return 0;
        }
        double mass = wide ? cut.massAmbiguous() : cut.massAnswerable();
        int k = 0;
        double held = 0;
        while (k < n && k < cut.maxShown() && held < mass - 1e-12) {
            held += probabilities.get(k);
            k++;
        }
        return Math.min(n, Math.max(wide ? 2 : 1, k));
    }

    static double sigmoid(double z) {
        return 1.0 / (1.0 + Math.exp(-z));
    }
}

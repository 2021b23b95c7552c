package dev.overtone.interpreter.ranking;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tenant's remembered choices as evidence in the ranking (issue 36). The readings that agree with every remembered
 * choice that applies (clarify-svc Recall's consistent candidates) are taken first, in their ranked order, then the
 * others; each agreeing reading's weight is multiplied by one factor {@code f} and all are normalised again, so the
 * probabilities still sum to 1. {@code f} is the configured boost {@code B} (a remembered choice counts as B:1 evidence
 * for the readings that agree with it) or more where needed so that (a) the agreeing readings hold at least B/(B+1) of
 * the mass, and (b) none of them is below a reading that disagrees: the order stays non-increasing in probability.
 * <p>
 * The verdict takes the memory into account: when one reading agrees, what is left of P(ambiguous) is the chance the
 * memory does not hold, P(ambiguous) times the mass left to the others (at most 1/(B+1)), and the answer is not
 * AMBIGUOUS. When several agree the memory decided one fork but not the rest: the verdict stays as the ranking gave it.
 * The compact cut is taken again over the new probabilities.
 */
public final class MemoryBoost {
    /** Below this the factor that lifts a reading above another would be unbounded; a vanishing reading is lifted from here. */
    private static final double FLOOR = 1e-12;

    /**
     * The ranking with memory.
     *
     * @param order                indexes into the readings given, the agreeing ones first
     * @param probabilities        in {@code order}, sum 1, non-increasing
     * @param shown                the compact cut over them
     * @param ambiguityProbability P(ambiguous) once the memory is counted
     * @param ambiguous            the verdict once the memory is counted
     */
    public record Boosted(List<Integer> order, List<Double> probabilities, int shown, double ambiguityProbability,
                          boolean ambiguous) {
    }

    private final double boost;
    private final ReadingRanker.Cut cut;

    /** @param boost B, at least 2: below that one remembered reading could still be left AMBIGUOUS or shown with others */
    public MemoryBoost(double boost) {
        if (!(boost >= 2.0)) {
            throw new IllegalArgumentException("overtone.interpreter.memory.boost must be at least 2, is " + boost);
        }
        this.boost = boost;
        this.cut = ReadingRanker.Model.tuned().cut();
    }

    /**
     * @param probabilities the ranking's probabilities, in rank order
     * @param agrees        per reading in rank order: it agrees with every remembered choice that applies
     * @return empty when the memory tells the readings nothing apart (none or every one agrees)
     */
    public Optional<Boosted> apply(List<Double> probabilities, List<Boolean> agrees, double ambiguityProbability, boolean ambiguous) {
        int n = probabilities.size();
        if (agrees.size() != n) {
            throw new IllegalArgumentException(agrees.size() + " agreement flags for " + n + " readings");
        }
        List<Integer> agreeing = new ArrayList<>();
        List<Integer> others = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            (agrees.get(k) ? agreeing : others).add(k);
        }
        if (agreeing.isEmpty() || others.isEmpty()) {
            return Optional.empty();
        }
        double[] p = new double[n];
        double agreeingMass = 0;
        double otherMass = 0;
        double lowestAgreeing = Double.MAX_VALUE;
        double highestOther = 0;
        for (int k = 0; k < n; k++) {
            p[k] = Math.max(FLOOR, probabilities.get(k));
            if (agrees.get(k)) {
                agreeingMass += p[k];
                lowestAgreeing = Math.min(lowestAgreeing, p[k]);
            } else {
                otherMass += p[k];
                highestOther = Math.max(highestOther, p[k]);
            }
        }
        double factor = Math.max(boost, Math.max(boost * otherMass / agreeingMass, highestOther / lowestAgreeing));
        double total = factor * agreeingMass + otherMass;
        List<Integer> order = new ArrayList<>(agreeing);
        order.addAll(others);
        List<Double> boosted = new ArrayList<>(n);
        for (int k : order) {
            boosted.add((agrees.get(k) ? factor * p[k] : p[k]) / total);
        }
        double pAmbiguous = ambiguityProbability;
        boolean stillAmbiguous = ambiguous;
        if (agreeing.size() == 1) {
            pAmbiguous = ambiguityProbability * otherMass / total;
            stillAmbiguous = false;
        }
        boolean wide = stillAmbiguous || pAmbiguous >= cut.wideThreshold();
        return Optional.of(new Boosted(List.copyOf(order), List.copyOf(boosted), ReadingRanker.shown(boosted, wide, cut),
                pAmbiguous, stillAmbiguous));
    }
}

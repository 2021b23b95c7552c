package dev.overtone.clarify.service;

import java.util.List;
import java.util.Locale;

/**
 * Fills missing prior probabilities. Given ones are kept; the mass they leave (1 − their sum) is
 * shared by the missing ones, equally ({@code uniform}) or by caller order with weight 1/rank
 * ({@code rank}); when the given ones already sum to 1 or more, each missing one gets the smallest
 * given value. Then everything is normalised to sum to 1.
 */
public enum PriorRule {
    UNIFORM, RANK;

    public static PriorRule of(String name) {
        return valueOf(name.trim().toUpperCase(Locale.ROOT));
    }

    /** {@code given.get(i)} is null when reading i came without a probability. */
    public double[] priors(List<Double> given) {
        int n = given.size();
        double[] out = new double[n];
        double sumGiven = 0;
        double minGiven = Double.MAX_VALUE;
        int missing = 0;
        for (Double g : given) {
            if (g == null) {
                missing++;
            } else {
                sumGiven += g;
                minGiven = Math.min(minGiven, g);
            }
        }
        double[] weight = new double[n];
        double weightSum = 0;
        int rank = 0;
        for (int i = 0; i < n; i++) {
            if (given.get(i) == null) {
                weight[i] = this == RANK ? 1.0 / (++rank) : 1.0;
                weightSum += weight[i];
            }
        }
        double share = missing == 0 ? 0 : (sumGiven < 1 ? 1 - sumGiven : Math.max(minGiven, 1e-9) * missing);
        double total = 0;
        for (int i = 0; i < n; i++) {
            out[i] = given.get(i) != null ? given.get(i) : share * weight[i] / weightSum;
            total += out[i];
        }
        if (total <= 0) {
            java.util.Arrays.fill(out, 1.0 / n);
            return out;
        }
        for (int i = 0; i < n; i++) {
            out[i] /= total;
        }
        return out;
    }
}

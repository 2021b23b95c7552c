package dev.overtone.clarify.service;

/**
 * Entropy arithmetic over a distribution of readings, in bits. Built once per distribution so that
 * scoring M variables costs O(N·M) additions and only N logarithms.
 */
public final class InformationGain {
    private final double[] q;
    private final double[] qLogQ;
    private final double entropy;

    private InformationGain(double[] q, double[] qLogQ, double entropy) {
        this.q = q;
        this.qLogQ = qLogQ;
        this.entropy = entropy;
    }

    /** Normalises {@code weights} (zeros are eliminated readings). */
    public static InformationGain over(double[] weights) {
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        double[] q = new double[weights.length];
        double[] qLogQ = new double[weights.length];
        double h = 0;
        if (total > 0) {
            for (int i = 0; i < weights.length; i++) {
                if (weights[i] > 0) {
                    q[i] = weights[i] / total;
                    qLogQ[i] = q[i] * log2(q[i]);
                    h -= qLogQ[i];
                }
            }
        }
        return new InformationGain(q, qLogQ, h);
    }

    /** H(Y). */
    public double entropy() {
        return entropy;
    }

    /** I(X;Y) = H(Y) − Σₓ P(x) H(Y | X = x), computed literally. */
    public double expectedGain(DecisionVariable variable) {
        return expectedGain(variable.codes(), variable.valueCount());
    }

    public double expectedGain(int[] codes, int valueCount) {
        double[] mass = new double[valueCount];
        double[] sumQLogQ = new double[valueCount];
        for (int i = 0; i < q.length; i++) {
            if (q[i] > 0) {
                mass[codes[i]] += q[i];
                sumQLogQ[codes[i]] += qLogQ[i];
            }
        }
        double conditional = 0;
        for (int x = 0; x < valueCount; x++) {
            if (mass[x] > 0) {
                // H(Y | X=x) = −Σ (q/m) log(q/m) = −Σ q log q / m + log m
                double hGivenX = -sumQLogQ[x] / mass[x] + log2(mass[x]);
                conditional += mass[x] * hGivenX;
            }
        }
        return Math.max(0, entropy - conditional);
    }

    /** H(X): the entropy of the variable's own values. Equals I(X;Y) since X is a function of Y. */
    public double valueEntropy(int[] codes, int valueCount) {
        double[] mass = new double[valueCount];
        for (int i = 0; i < q.length; i++) {
            mass[codes[i]] += q[i];
        }
        return entropyOf(mass);
    }

    public static double entropyOf(double... probabilities) {
        double total = 0;
        for (double p : probabilities) {
            total += p;
        }
        double h = 0;
        for (double p : probabilities) {
            if (p > 0) {
                double n = p / total;
                h -= n * log2(n);
            }
        }
        return h;
    }

    static double log2(double x) {
        return Math.log(x) / LN2;
    }

    private static final double LN2 = Math.log(2);
}

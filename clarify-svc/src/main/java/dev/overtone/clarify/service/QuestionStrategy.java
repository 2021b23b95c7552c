package dev.overtone.clarify.service;

import java.util.List;
import java.util.Random;

/**
 * Picks which decision variable to ask about. {@code askable} holds indexes into {@code variables}
 * (in slot order) of variables that are still open and split the readings alive under {@code p}.
 */
public interface QuestionStrategy {

    Choice choose(List<DecisionVariable> variables, List<Integer> askable, double[] p, long seed, int turnNumber);

    /** The chosen variable and its score under the strategy (bits). */
    record Choice(int variable, double gain) {
    }

    static QuestionStrategy of(StrategyKind kind) {
        return switch (kind) {
            case EIG -> new ExactGain();
            case EIG_FAST -> new FastPathGain();
            case IG_UNIFORM -> new UniformGain();
            case MAX_PROB -> new MaxProbability();
            case RANDOM -> new RandomPick();
        };
    }

    /** Exact I(X;Y) under the current distribution; ties go to the earlier slot. */
    final class ExactGain implements QuestionStrategy {
        @Override
        public Choice choose(List<DecisionVariable> variables, List<Integer> askable, double[] p, long seed, int turnNumber) {
            return best(variables, askable, InformationGain.over(p));
        }

        static Choice best(List<DecisionVariable> variables, List<Integer> askable, InformationGain ig) {
            int best = -1;
            double bestGain = -1;
            for (int v : askable) {
                double g = ig.expectedGain(variables.get(v));
                if (g > bestGain + 1e-12) {
                    best = v;
                    bestGain = g;
                }
            }
            return new Choice(best, bestGain);
        }
    }

    /** The baseline "IG": gain with the alive readings taken as equally likely. */
    final class UniformGain implements QuestionStrategy {
        @Override
        public Choice choose(List<DecisionVariable> variables, List<Integer> askable, double[] p, long seed, int turnNumber) {
            double[] uniform = new double[p.length];
            for (int i = 0; i < p.length; i++) {
                uniform[i] = p[i] > 0 ? 1 : 0;
            }
            return ExactGain.best(variables, askable, InformationGain.over(uniform));
        }
    }

    /**
     * Theorem 3.2 of the paper: walk the variables (in slot order) along the most probable reading's
     * path; at each, the readings still on that path are those agreeing with it on every earlier
     * variable. Score = P(path reaches X) · H(X within the path); only the path's subtree is counted.
     */
    final class FastPathGain implements QuestionStrategy {
        @Override
        public Choice choose(List<DecisionVariable> variables, List<Integer> askable, double[] p, long seed, int turnNumber) {
            int star = Dialogue.argmax(p);
            double total = 0;
            for (double x : p) {
                total += x;
            }
            double[] onPath = p.clone();
            int best = -1;
            double bestScore = -1;
            for (int v : askable) {
                DecisionVariable var = variables.get(v);
                if (var.splits(onPath)) {
                    double reach = 0;
                    for (double x : onPath) {
                        reach += x;
                    }
                    InformationGain ig = InformationGain.over(onPath);
                    double score = (reach / total) * ig.valueEntropy(var.codes(), var.valueCount());
                    if (score > bestScore + 1e-12) {
                        best = v;
                        bestScore = score;
                    }
                }
                int starCode = var.codes()[star];
                for (int i = 0; i < onPath.length; i++) {
                    if (var.codes()[i] != starCode) {
                        onPath[i] = 0;
                    }
                }
            }
            if (best < 0) {
                // The most probable reading's path splits nothing open: fall back to the exact rule.
                return new ExactGain().choose(variables, askable, p, seed, turnNumber);
            }
            return new Choice(best, bestScore);
        }
    }

    /**
     * "Max probability first": the fork between the two most probable readings (their first differing
     * open variable in slot order).
     */
    final class MaxProbability implements QuestionStrategy {
        @Override
        public Choice choose(List<DecisionVariable> variables, List<Integer> askable, double[] p, long seed, int turnNumber) {
            int star = Dialogue.argmax(p);
            int runnerUp = -1;
            for (int i = 0; i < p.length; i++) {
                if (i != star && p[i] > 0 && (runnerUp < 0 || p[i] > p[runnerUp])) {
                    runnerUp = i;
                }
            }
            int chosen = askable.get(0);
            if (runnerUp >= 0) {
                for (int v : askable) {
                    int[] codes = variables.get(v).codes();
                    if (codes[star] != codes[runnerUp]) {
                        chosen = v;
                        break;
                    }
                }
            }
            return new Choice(chosen, InformationGain.over(p).expectedGain(variables.get(chosen)));
        }
    }

    /** A uniformly random open variable; seeded by (seed, turn) so a restart asks the same. */
    final class RandomPick implements QuestionStrategy {
        @Override
        public Choice choose(List<DecisionVariable> variables, List<Integer> askable, double[] p, long seed, int turnNumber) {
            Random random = new Random(seed * 1_000_003L + turnNumber);
            int chosen = askable.get(random.nextInt(askable.size()));
            return new Choice(chosen, InformationGain.over(p).expectedGain(variables.get(chosen)));
        }
    }
}

package dev.overtone.clarify.service;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dialogue as a pure state machine over readings, their probabilities and the decision
 * variables: {@link #next} says what to do, {@link #apply} filters and renormalises after a reply.
 * No I/O: the caller loads and stores the state.
 */
public final class Dialogue {
    private final List<DecisionVariable> variables;
    private final double[] p;
    private final VariableStatus[] status;
    private final DialogueOptions options;
    private int asked;
    private boolean lastReplyAny;

    public Dialogue(List<DecisionVariable> variables, double[] p, VariableStatus[] status,
            DialogueOptions options, int asked, boolean lastReplyAny) {
        this.variables = variables;
        this.p = p;
        this.status = status;
        this.options = options;
        this.asked = asked;
        this.lastReplyAny = lastReplyAny;
    }

    public static Dialogue fresh(List<DecisionVariable> variables, double[] priors, DialogueOptions options) {
        VariableStatus[] status = new VariableStatus[variables.size()];
        Arrays.fill(status, VariableStatus.OPEN);
        return new Dialogue(variables, priors.clone(), status, options, 0, false);
    }

    /** The stop rules in order, then the strategy's question. */
    public Step next(int turnNumber) {
        if (argmax(p) < 0) {
            return new Step.Resolve(-1, 0, StopReason.NO_CANDIDATE);
        }
        Resolution top = topGroup();
        if (top.mass >= options.threshold() - 1e-12) {
            return new Step.Resolve(top.reading, top.mass, lastReplyAny ? StopReason.ANY_IS_FINE : StopReason.THRESHOLD);
        }
        List<Integer> askable = askable();
        if (askable.isEmpty()) {
            return new Step.Resolve(top.reading, top.mass, lastReplyAny ? StopReason.ANY_IS_FINE : StopReason.NOTHING_TO_ASK);
        }
        if (asked >= options.maxTurns()) {
            return new Step.Resolve(top.reading, top.mass, StopReason.TURN_LIMIT);
        }
        QuestionStrategy.Choice choice = QuestionStrategy.of(options.strategy())
                .choose(variables, askable, p, options.seed(), turnNumber);
        return new Step.Ask(choice.variable(), choice.gain());
    }

    /** Applies a mapped reply to the variable asked about; {@code codes} are the values it names. */
    public void apply(int variable, ReplyKind kind, Set<Integer> codes) {
        int[] c = variables.get(variable).codes();
        switch (kind) {
            case ONE, SEVERAL -> {
                for (int i = 0; i < p.length; i++) {
                    if (!codes.contains(c[i])) {
                        p[i] = 0;
                    }
                }
                status[variable] = kind == ReplyKind.ONE ? VariableStatus.ANSWERED : VariableStatus.MERGED;
            }
            case NONE -> {
                for (int i = 0; i < p.length; i++) {
                    if (codes.contains(c[i])) {
                        p[i] = 0;
                    }
                }
                status[variable] = VariableStatus.ANSWERED;
            }
            case ANY -> status[variable] = VariableStatus.MERGED;
            case UNHELPFUL -> status[variable] = VariableStatus.SET_ASIDE;
        }
        lastReplyAny = kind == ReplyKind.ANY;
        asked++;
        normalise();
    }

    /** Open variables that split the readings still alive, in slot order. */
    public List<Integer> askable() {
        List<Integer> out = new ArrayList<>();
        for (int v = 0; v < variables.size(); v++) {
            if (status[v] == VariableStatus.OPEN && variables.get(v).splits(p)) {
                out.add(v);
            }
        }
        return out;
    }

    private void normalise() {
        double total = 0;
        for (double x : p) {
            total += x;
        }
        if (total > 0) {
            for (int i = 0; i < p.length; i++) {
                p[i] /= total;
            }
        }
    }

    private record Resolution(int reading, double mass) {
    }

    /**
     * Readings that agree on every variable not merged count as one (the user does not care about
     * what tells them apart); the group with most mass wins, its most probable reading speaks for it.
     */
    private Resolution topGroup() {
        Map<CodeTuple, double[]> groups = new HashMap<>();
        int bestReading = -1;
        double bestMass = -1;
        for (int i = 0; i < p.length; i++) {
            if (p[i] <= 0) {
                continue;
            }
            int[] key = new int[variables.size()];
            for (int v = 0; v < key.length; v++) {
                key[v] = status[v] == VariableStatus.MERGED ? -1 : variables.get(v).codes()[i];
            }
            double[] g = groups.computeIfAbsent(new CodeTuple(key), k -> new double[] {0, -1});
            g[0] += p[i];
            if (g[1] < 0 || p[i] > p[(int) g[1]]) {
                g[1] = i;
            }
        }
        for (double[] g : groups.values()) {
            int r = (int) g[1];
            if (g[0] > bestMass + 1e-12 || (Math.abs(g[0] - bestMass) <= 1e-12 && r < bestReading)) {
                bestMass = g[0];
                bestReading = r;
            }
        }
        return new Resolution(bestReading, Math.min(1, bestMass));
    }

    /** Index of the most probable alive reading (earliest on ties), −1 when none is alive. */
    public static int argmax(double[] p) {
        int best = -1;
        for (int i = 0; i < p.length; i++) {
            if (p[i] > 0 && (best < 0 || p[i] > p[best])) {
                best = i;
            }
        }
        return best;
    }

    public double[] probabilities() {
        return p;
    }

    public VariableStatus[] statuses() {
        return status;
    }

    public List<DecisionVariable> variables() {
        return variables;
    }

    public int asked() {
        return asked;
    }

    public boolean lastReplyAny() {
        return lastReplyAny;
    }
}

package dev.overtone.clarify.service;

import java.util.Locale;

/** How the next question is chosen (see README, "Strategies"). */
public enum StrategyKind {
    EIG("eig"),
    EIG_FAST("eig-fast"),
    IG_UNIFORM("ig-uniform"),
    MAX_PROB("max-prob"),
    RANDOM("random");

    private final String label;

    StrategyKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static StrategyKind fromLabel(String label) {
        String l = label.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (StrategyKind k : values()) {
            if (k.label.equals(l)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown strategy '" + label + "' (eig, eig-fast, ig-uniform, max-prob, random)");
    }
}

package dev.overtone.bench.clarify;

import java.util.Locale;

import dev.overtone.proto.v1.Strategy;

/** The command-line names of clarify-svc's strategies. */
public enum StrategyName {
    EIG("eig", Strategy.STRATEGY_EIG),
    EIG_FAST("eig-fast", Strategy.STRATEGY_EIG_FAST),
    IG_UNIFORM("ig-uniform", Strategy.STRATEGY_IG_UNIFORM),
    MAX_PROB("max-prob", Strategy.STRATEGY_MAX_PROB),
    RANDOM("random", Strategy.STRATEGY_RANDOM);

    private final String cli;
    private final Strategy proto;

    StrategyName(String cli, Strategy proto) {
        this.cli = cli;
        this.proto = proto;
    }

    public String cli() {
        return cli;
    }

    public Strategy proto() {
        return proto;
    }

    public static StrategyName parse(String s) {
        String k = s.strip().toLowerCase(Locale.ROOT);
        for (StrategyName n : values()) {
            if (n.cli.equals(k)) {
                return n;
            }
        }
        throw new IllegalArgumentException("unknown strategy '" + s + "': use eig, eig-fast, ig-uniform, max-prob, random");
    }
}

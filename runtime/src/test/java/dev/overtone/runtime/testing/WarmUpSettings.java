package dev.overtone.runtime.testing;

import java.util.Map;

/** The warm-up configuration a service's readiness test runs with. */
public final class WarmUpSettings {
    private WarmUpSettings() {
    }

    /**
     * Warm-up on (as in production) for the service whose keys start with {@code prefix} ({@code overtone.parser}), with
     * {@code rounds} rounds and a budget no loaded machine reaches, so that every round runs.
     */
    public static Map<String, String> everyRound(String prefix, int rounds) {
        return Map.of(prefix + ".warm-up.enabled", "true", prefix + ".warm-up.rounds", String.valueOf(rounds),
                prefix + ".warm-up.budget", "120s");
    }
}

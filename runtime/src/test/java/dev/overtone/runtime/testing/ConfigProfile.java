package dev.overtone.runtime.testing;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.Map;
import java.util.Set;

/**
 * A {@code @TestProfile} that overrides configuration and enables the test's alternative beans; a subclass (which
 * Quarkus builds with no arguments) names them in its constructor.
 */
public abstract class ConfigProfile implements QuarkusTestProfile {
    private final Map<String, String> overrides;
    private final Set<Class<?>> alternatives;

    protected ConfigProfile(Map<String, String> overrides, Class<?>... alternatives) {
        this.overrides = Map.copyOf(overrides);
        this.alternatives = Set.of(alternatives);
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return overrides;
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return alternatives;
    }
}

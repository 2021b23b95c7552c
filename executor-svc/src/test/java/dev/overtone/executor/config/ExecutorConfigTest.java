package dev.overtone.executor.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.testing.KnobRules;
import dev.overtone.runtime.testing.MappedKnobs;
import org.junit.jupiter.api.Test;

/**
 * Every knob of executor-svc has a line in application.properties and a row in the README, and the code's default is
 * what application.properties sets (or the README's row says how they differ).
 */
class ExecutorConfigTest {

    @Test
    void everyKnobIsSetDocumentedAndDefaultedAsApplicationPropertiesSays() {
        assertThat(KnobRules.broken(ExecutorConfig.class)).isEmpty();
    }

    @Test
    void theWalkFindsNestedRenamedAndMappedKnobs() {
        assertThat(MappedKnobs.of(ExecutorConfig.class)).extracting(MappedKnobs.Knob::relative)
                .contains("limits.max-cell-bytes", "policy.calling-thread-parse.max-tokens", "describe.sample-values",
                        "tenants.*.*.engine", "shape-cache-size");
    }
}

package dev.overtone.executor.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.testing.KnobRules;
import org.junit.jupiter.api.Test;

/**
 * Every knob of executor-svc's warm-up has a line in application.properties and a row in the README, and the code's default is what
 * application.properties sets (or the README's row says how they differ).
 */
class WarmUpConfigTest {

    @Test
    void everyKnobIsSetDocumentedAndDefaultedAsApplicationPropertiesSays() {
        assertThat(KnobRules.broken(WarmUpConfig.class)).isEmpty();
    }
}

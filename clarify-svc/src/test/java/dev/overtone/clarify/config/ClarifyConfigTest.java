package dev.overtone.clarify.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.testing.KnobRules;
import org.junit.jupiter.api.Test;

/**
 * Every knob of clarify-svc has a line in application.properties and a row in the README, and the code's default is what
 * application.properties sets (or the README's row says how they differ).
 */
class ClarifyConfigTest {

    @Test
    void everyKnobIsSetDocumentedAndDefaultedAsApplicationPropertiesSays() {
        assertThat(KnobRules.broken(ClarifyConfig.class)).isEmpty();
    }
}

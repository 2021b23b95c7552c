package dev.overtone.infill.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.testing.KnobRules;
import org.junit.jupiter.api.Test;

/**
 * Every knob of infill-svc has a line in application.properties and a row in the README, and the code's default is what
 * application.properties sets (or the README's row says how they differ).
 */
class InfillConfigTest {

    @Test
    void everyKnobIsSetDocumentedAndDefaultedAsApplicationPropertiesSays() {
        assertThat(KnobRules.broken(InfillConfig.class)).isEmpty();
    }
}

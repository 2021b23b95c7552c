package dev.overtone.parser.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.testing.KnobRules;
import org.junit.jupiter.api.Test;

/**
 * Every knob of parser-svc has a line in application.properties and a row in the README, and the code's default is what
 * application.properties sets (or the README's row says how they differ).
 */
class ParserConfigTest {

    @Test
    void everyKnobIsSetDocumentedAndDefaultedAsApplicationPropertiesSays() {
        assertThat(KnobRules.broken(ParserConfig.class)).isEmpty();
    }
}

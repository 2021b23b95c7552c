package dev.overtone.parser.config;

import dev.overtone.runtime.testing.DocumentedKnobs;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every knob of {@link ParserConfig} is set in application.properties, to the interface's default, and has a README row. */
class ParserConfigTest {
    private final DocumentedKnobs knobs = DocumentedKnobs.of(ParserConfig.class);

    @Test
    void everyKnobHasARowInTheReadme() {
        assertThat(knobs.knobs()).extracting(DocumentedKnobs.Knob::name).contains("overtone.parser.llm.max-repairs",
                "overtone.parser.warm-up.budget", "overtone.parser.repair.default-max");
        assertThat(knobs.missingFromReadme()).as("knobs without a row in parser-svc/README.md").isEmpty();
    }

    @Test
    void everyKnobIsSetInApplicationProperties() {
        assertThat(knobs.missingFromProperties()).as("knobs application.properties does not set").isEmpty();
    }

    @Test
    void applicationPropertiesSaysWhatTheInterfaceDefaultsTo() {
        assertThat(knobs.defaultsThatDisagree()).isEmpty();
    }
}

package dev.overtone.infill.config;

import dev.overtone.runtime.testing.DocumentedKnobs;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every knob of {@link InfillConfig} is set in application.properties, to the interface's default, and has a README row. */
class InfillConfigTest {
    private final DocumentedKnobs knobs = DocumentedKnobs.of(InfillConfig.class);

    @Test
    void everyKnobHasARowInTheReadme() {
        assertThat(knobs.knobs()).extracting(DocumentedKnobs.Knob::name).contains("overtone.infill.model.timeout-ms",
                "overtone.infill.structural.kept-for", "overtone.infill.max-readings");
        assertThat(knobs.missingFromReadme()).as("knobs without a row in infill-svc/README.md").isEmpty();
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

package dev.overtone.infill.config;

import dev.overtone.runtime.testing.DocumentedKnobs;

/** Every knob of {@link InfillConfig} is set in application.properties, to the interface's default, and named in the README. */
class InfillConfigTest extends DocumentedKnobs {
    InfillConfigTest() {
        super(InfillConfig.class, "overtone.infill.model.timeout-ms", "overtone.infill.structural.kept-for", "overtone.infill.max-readings");
    }
}

package dev.overtone.parser.config;

import dev.overtone.runtime.testing.DocumentedKnobs;

/** Every knob of {@link ParserConfig} is set in application.properties, to the interface's default, and named in the README. */
class ParserConfigTest extends DocumentedKnobs {
    ParserConfigTest() {
        super(ParserConfig.class, "overtone.parser.llm.max-repairs", "overtone.parser.warm-up.budget", "overtone.parser.repair.default-max");
    }
}

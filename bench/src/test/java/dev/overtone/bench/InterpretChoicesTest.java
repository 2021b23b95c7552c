package dev.overtone.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What a measurement asks Interpret for: infill unless told not to, the families named or all (none named). */
class InterpretChoicesTest {

    @Test
    void infillIsOnUnlessTurnedOffAndNoFamiliesNamedMeansAll() {
        InterpretChoices plain = parse();

        assertThat(plain.infill()).isTrue();
        assertThat(plain.families()).isEmpty();
        assertThat(parse("--no-infill").infill()).isFalse();
    }

    @Test
    void theFamiliesAreSplitAtCommasInTheOrderGiven() {
        assertThat(parse("--families", "scope,column", "--families", "join").families()).containsExactly("scope", "column", "join");
    }

    private static InterpretChoices parse(String... args) {
        InterpretChoices choices = new InterpretChoices();
        new CommandLine(choices).parseArgs(args);
        return choices;
    }
}

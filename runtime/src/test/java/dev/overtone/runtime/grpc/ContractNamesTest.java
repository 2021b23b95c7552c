package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class ContractNamesTest {

    /** The shape protoc gives an enum: the prefixed zero value first, UNRECOGNIZED last. */
    private enum Colour { COLOUR_UNSPECIFIED, COLOUR_DARK_RED, COLOUR_BLUE, UNRECOGNIZED }

    private static final ContractNames COLOURS = ContractNames.of("colours", "colour", Colour.values());

    @Test
    void theNamesAreTheValuesInLowerCaseWithoutThePrefixOrTheUnsetOnes() {
        assertThat(COLOURS.names()).containsExactly("dark_red", "blue");
    }

    @Test
    void aRequestNamingOnlyValuesOrNoneIsAccepted() {
        assertThatCode(() -> COLOURS.check(List.of())).doesNotThrowAnyException();
        assertThatCode(() -> COLOURS.check(List.of("blue", "dark_red", "blue"))).doesNotThrowAnyException();
    }

    @Test
    void anyOtherNameIsRefusedNamingItAndTheValues() {
        for (String other : List.of("blu", "BLUE", "colour_blue", "", " blue", "unspecified", "unrecognized")) {
            assertThatThrownBy(() -> COLOURS.check(List.of("blue", other)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("colours names \"" + other + "\", which is no colour; the colour names are dark_red, blue");
        }
    }

    private enum NotProto { RED, BLUE }

    @Test
    void anEnumWithoutItsUnspecifiedValueFirstIsAMistakeOfTheCaller() {
        assertThatThrownBy(() -> ContractNames.of("colours", "colour", NotProto.values()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("_UNSPECIFIED");
    }
}

package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.TruncationCause;
import java.util.Arrays;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/** Each cap goes on the wire as the cause of its own name, and every cause the contract names has its cap. */
class TruncationTest {

    @Test
    void eachCapIsTheCauseOfItsOwnName() {
        assertThat(EnumSet.allOf(Truncation.class))
                .allSatisfy(t -> assertThat(t.proto().name()).isEqualTo("TRUNCATION_CAUSE_" + t.name()));
    }

    @Test
    void everyCauseOfTheContractHasItsCap() {
        assertThat(Arrays.stream(Truncation.values()).map(Truncation::proto))
                .containsExactlyInAnyOrder(Arrays.stream(TruncationCause.values())
                        .filter(c -> c != TruncationCause.TRUNCATION_CAUSE_UNSPECIFIED && c != TruncationCause.UNRECOGNIZED)
                        .toArray(TruncationCause[]::new));
    }
}

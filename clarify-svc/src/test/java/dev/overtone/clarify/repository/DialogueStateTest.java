package dev.overtone.clarify.repository;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A dialogue's state as a person reads it in a refusal ("session s-1 is already resolved"). */
class DialogueStateTest {

    @Test
    void eachStateIsSaidInLowerCase() {
        assertThat(DialogueState.values()).extracting(DialogueState::said)
                .containsExactly("open", "resolved", "cancelled", "expired");
    }
}

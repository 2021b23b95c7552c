package dev.overtone.clarify.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.memory.Choice;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ChoiceCodecTest {

    @Test
    void choicesReadBackAsTheyWereWrittenInOrder() {
        Instant at = Instant.parse("2026-03-01T10:15:30.123456Z");
        Choice fork = new Choice(UUID.randomUUID(), "acme", "hotels", "select", "rating", "hotels.stars",
                List.of("avg(reviews.score)", "absent"), "the stars", "the rating of each hotel", Choice.Source.DIALOGUE, at,
                at.plusSeconds(86_400));
        Choice reading = new Choice(UUID.randomUUID(), "acme", "hotels", Choice.READING, "", "SELECT name FROM hotels",
                List.of(), "", "list \"the\" hotels\n", Choice.Source.CALLER, at, at.plusSeconds(60));

        assertThat(ChoiceCodec.choices(ChoiceCodec.json(List.of(fork, reading)))).containsExactly(fork, reading);
    }

    @Test
    void noColumnIsNoChoices() {
        assertThat(ChoiceCodec.choices(null)).isEmpty();
        assertThat(ChoiceCodec.choices("  ")).isEmpty();
        assertThat(ChoiceCodec.choices(ChoiceCodec.json(List.of()))).isEmpty();
    }

    @Test
    void aDamagedColumnSaysSoWithItsText() {
        assertThatThrownBy(() -> ChoiceCodec.choices("[{\"id\": "))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("stored JSON is damaged: [{\"id\": ");
    }
}

package dev.overtone.clarify.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.memory.Choice;
import dev.overtone.clarify.memory.TenantMemory;
import dev.overtone.proto.v1.ChoiceSource;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.RememberedChoice;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The memory RPCs' answers: a choice with why it applies, Recall's applied choices and expiry, the read-your-write tokens. */
class MemoryProtoMapperTest {
    private static final Instant CHOSEN = Instant.parse("2026-11-20T23:30:00Z");
    private static final Instant EXPIRES = Instant.parse("2027-05-19T10:00:00.000123Z");

    private static Choice choice(String clause, String pivot, String label, Choice.Source source) {
        return new Choice(UUID.randomUUID(), "acme", "hotels", clause, pivot, "AVG(reviews.score)", List.of("hotels.stars"), label,
                "the rating of each hotel", source, CHOSEN, EXPIRES);
    }

    @Test
    void aChoiceSaysWhyWithTheDayItWasChosenOn() {
        Choice word = choice("select", "rating", "the average review score", Choice.Source.DIALOGUE);
        RememberedChoice mapped = MemoryProtoMapper.choice(word);

        assertThat(mapped.getExplanation()).isEqualTo("'rating' read as the average review score: chosen in this database on 2026-11-20");
        assertThat(mapped.getSource()).isEqualTo(ChoiceSource.CHOICE_SOURCE_DIALOGUE);
        assertThat(mapped.getRejectedValuesList()).containsExactly("hotels.stars");
        assertThat(mapped.getId()).isEqualTo(word.id().toString());
        assertThat(mapped.getExpiresAt()).isEqualTo(EXPIRES.toString());
        assertThat(MemoryProtoMapper.choice(choice("select", "", "the average review score", Choice.Source.CALLER)))
                .satisfies(c -> assertThat(c.getExplanation()).startsWith("for what the answer shows, the average review score: chosen"))
                .satisfies(c -> assertThat(c.getSource()).isEqualTo(ChoiceSource.CHOICE_SOURCE_CALLER));
        assertThat(MemoryProtoMapper.choice(choice(Choice.READING, "", "each hotel's average score", Choice.Source.CALLER)).getExplanation())
                .isEqualTo("this question read as each hotel's average score: chosen in this database on 2026-11-20");
        // a column shown beside a chosen one names that one (its only "rejected" value)
        assertThat(MemoryProtoMapper.choice(choice(Choice.SHOWN_BESIDE, "rating", "hotels.name", Choice.Source.CALLER)).getExplanation())
                .isEqualTo("hotels.name shown beside hotels.stars: chosen in this database on 2026-11-20");
    }

    @Test
    void recallKeepsTheAppliedChoicesAndTheExpiryInMicroseconds() {
        Choice c = choice("select", "rating", "the average review score", Choice.Source.DIALOGUE);
        RecallResponse r = MemoryProtoMapper.recalled(new TenantMemory.Recalled(List.of(new TenantMemory.Applied(c, List.of("i2"))),
                List.of("i2", "i3"), true, EXPIRES));

        assertThat(r.getConsistentCandidateIdsList()).containsExactly("i2", "i3");
        assertThat(r.getAnyRemembered()).isTrue();
        assertThat(r.getValidUntilMicros()).isEqualTo(1_810_720_800_000_123L);
        assertThat(r.getApplied(0).getCandidateIdsList()).containsExactly("i2");
        assertThat(r.getApplied(0).getChoice().getChosenValue()).isEqualTo("AVG(reviews.score)");
        // nothing remembered: no expiry
        assertThat(MemoryProtoMapper.recalled(new TenantMemory.Recalled(List.of(), List.of("i1"), false, null)).getValidUntilMicros()).isZero();
    }

    @Test
    void aTokenOnlyWhereSomethingWasWritten() {
        assertThat(MemoryProtoMapper.forgot("acme", "hotels", 0).hasMemoryToken()).isFalse();
        assertThat(MemoryProtoMapper.forgot("acme", "hotels", 2).getMemoryToken().getDatabase()).isEqualTo("hotels");
        assertThat(MemoryProtoMapper.chosen(List.of()).hasMemoryToken()).isFalse();
        Choice c = choice("select", "rating", "the average review score", Choice.Source.CALLER);
        assertThat(MemoryProtoMapper.chosen(List.of(c)).getMemoryToken().getTenant()).isEqualTo("acme");
    }
}

package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What kind of choice a stored row is, read off its clause as PostgreSQL keeps it: rows already stored say "reading" and
 * "select_beside", so those words are what the matcher and the proto mapping must keep recognising.
 */
class ChoiceTest {

    @Test
    void aRowWhoseClauseIsReadingIsAWholeReadingChosenForItsQuestion() {
        Choice reading = stored("reading", "SELECT name, stars FROM hotels", List.of());

        assertThat(reading.isReading()).isTrue();
        assertThat(reading.isShownBeside()).isFalse();
    }

    @Test
    void aRowWhoseClauseIsSelectBesideIsAColumnShownBesideTheChosenOne() {
        Choice beside = stored("select_beside", "hotels.name", List.of("hotels.stars"));

        assertThat(beside.isShownBeside()).isTrue();
        assertThat(beside.isReading()).isFalse();
    }

    @Test
    void aForkOfAnyClauseIsNeither() {
        for (String clause : new String[] {"select", "where", "from", "group_by"}) {
            Choice fork = stored(clause, "hotels.stars", List.of("reviews.score"));

            assertThat(fork.isReading()).as(clause).isFalse();
            assertThat(fork.isShownBeside()).as(clause).isFalse();
        }
    }

    private static Choice stored(String clause, String chosen, List<String> rejected) {
        Instant at = Instant.parse("2026-11-20T10:00:00Z");
        return new Choice(UUID.randomUUID(), "acme", "hotels", clause, "", chosen, rejected, chosen, "the rating of each hotel",
                Choice.Source.CALLER, at, at.plusSeconds(3600));
    }
}

package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.client.ParserClient;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each reading's slots, parser-svc standing in as a client that answers a SQL's slots from its text and counts its calls. */
class ReadingSlotsTest {
    private static final Duration WAIT = Duration.ofSeconds(5);
    private final List<String> analysed = new ArrayList<>();

    @Test
    void slotsTheCallerGaveAreUsedAndEachOtherSqlIsAnalysedOnce() {
        List<SlotValue> given = List.of(slot("select[0]", "hotels.stars"));
        List<StartCommand.CandidateInput> candidates = List.of(
                candidate("a", "SELECT stars FROM hotels", given),
                candidate("b", "SELECT price FROM hotels", null),
                candidate("c", "SELECT price FROM hotels", null));
        List<Reading> readings = List.of(reading("a", "SELECT stars FROM hotels"), reading("b", "SELECT price FROM hotels"),
                reading("c", "SELECT price FROM hotels"));

        List<List<SlotValue>> slots = slots().of(readings, candidates).await().atMost(WAIT);

        assertThat(slots.get(0)).isEqualTo(given);
        assertThat(slots.get(1)).containsExactly(slot("select[0]", "SELECT price FROM hotels"));
        assertThat(slots.get(2)).isEqualTo(slots.get(1));
        assertThat(analysed).containsExactly("SELECT price FROM hotels");
    }

    @Test
    void oneReadingHasNothingToTellApartAndAsksNoOne() {
        List<List<SlotValue>> slots = slots().of(List.of(reading("a", "SELECT 1")), List.of(candidate("a", "SELECT 1", null)))
                .await().atMost(WAIT);

        assertThat(slots).containsExactly(List.of());
        assertThat(analysed).isEmpty();
    }

    @Test
    void aSqlParserSvcCannotAnalyseFailsTheWhole() {
        List<Reading> readings = List.of(reading("a", "SELECT 1"), reading("b", "NOT SQL"));
        List<StartCommand.CandidateInput> candidates = List.of(candidate("a", "SELECT 1", null), candidate("b", "NOT SQL", null));

        assertThatThrownBy(() -> slots().of(readings, candidates).await().atMost(WAIT))
                .isInstanceOf(ClarifyException.class).hasMessageContaining("candidate 'b'");
    }

    private ReadingSlots slots() {
        ReadingSlots slots = new ReadingSlots();
        slots.parser = new ParserClient() {
            @Override
            public Uni<List<SlotValue>> slots(String candidateId, String sql) {
                return Uni.createFrom().item(() -> {
                    analysed.add(sql);
                    if (sql.startsWith("NOT")) {
                        throw ClarifyException.invalid("candidate '" + candidateId + "': parser-svc cannot parse its SQL");
                    }
                    return List.of(slot("select[0]", sql));
                });
            }
        };
        return slots;
    }

    private static SlotValue slot(String path, String value) {
        return new SlotValue(path, value, value, List.of());
    }

    private static Reading reading(String id, String sql) {
        return new Reading(id, sql, id, "", 0.5, List.of());
    }

    private static StartCommand.CandidateInput candidate(String id, String sql, List<SlotValue> slots) {
        return new StartCommand.CandidateInput(id, sql, id, null, null, slots);
    }
}

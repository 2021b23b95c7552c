package dev.overtone.parser.analysis;

import dev.overtone.proto.v1.SlotKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** An analysis finds a slot by its whole path: a slot nested under it is another slot. */
class AnalysisTest {

    private static Analysis.SlotValue slot(String path, String value) {
        return new Analysis.SlotValue(path, SlotKind.SLOT_KIND_UNSPECIFIED, value, value, List.of());
    }

    private final Analysis analysis = new Analysis(List.of(), List.of(), "", List.of(
            slot("where/and[0]", "hotels.stars >= 4"), slot("where", "hotels.stars >= 4 AND hotels.city = 'Rome'"),
            slot("select[0]", "hotels.name")), "", List.of());

    @Test
    void aSlotIsFoundByItsWholePathNotByAPrefix() {
        assertThat(analysis.slot("where").orElseThrow().value()).isEqualTo("hotels.stars >= 4 AND hotels.city = 'Rome'");
        assertThat(analysis.slot("where/and[0]").orElseThrow().value()).isEqualTo("hotels.stars >= 4");
    }

    @Test
    void aPathNoSlotHasIsEmpty() {
        assertThat(analysis.slot("select")).isEmpty();
        assertThat(analysis.slot("order[0]")).isEmpty();
    }
}

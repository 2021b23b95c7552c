package dev.overtone.clarify.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonColumnsTest {

    @Test
    void eachColumnShapeReadsBackAsPlainJdkValues() {
        assertThat(JsonColumns.strings(JsonColumns.write(List.of("a", "b \"quoted\"", "")))).containsExactly("a", "b \"quoted\"", "");
        assertThat(JsonColumns.ints(JsonColumns.write(new int[] {2, 0, -1}))).containsExactly(2, 0, -1);
        List<Map<String, Object>> maps = JsonColumns.maps(JsonColumns.write(List.of(Map.of("k", List.of("v"), "n", 3))));
        assertThat(maps).singleElement().satisfies(m -> {
            assertThat(m.get("k")).isEqualTo(List.of("v"));
            assertThat(m.get("n")).isEqualTo(3);
        });
    }

    @Test
    void aColumnOfAnotherShapeIsDamagedNotMisread() {
        assertThatThrownBy(() -> JsonColumns.ints("[\"x\"]")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("stored JSON is damaged");
        assertThatThrownBy(() -> JsonColumns.strings("{")).isInstanceOf(IllegalStateException.class);
    }
}

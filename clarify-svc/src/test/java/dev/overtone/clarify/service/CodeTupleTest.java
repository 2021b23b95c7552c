package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CodeTupleTest {

    @Test
    void tuplesOfEqualCodesAreOneMapKey() {
        Map<CodeTuple, Integer> groups = new HashMap<>();
        groups.merge(new CodeTuple(new int[] {1, 0, 2}), 1, Integer::sum);
        groups.merge(new CodeTuple(new int[] {1, 0, 2}), 1, Integer::sum);
        groups.merge(new CodeTuple(new int[] {1, 2, 0}), 1, Integer::sum);

        assertThat(groups).containsEntry(new CodeTuple(new int[] {1, 0, 2}), 2).hasSize(2);
        assertThat(new CodeTuple(new int[] {1, 0, 2})).hasToString("[1, 0, 2]");
    }
}

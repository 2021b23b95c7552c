package dev.overtone.bench.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LoadAverageTest {

    @Test
    void theThreeAveragesWithoutTheRunQueueAndTheLastPid() {
        assertThat(LoadAverage.of("9.92 5.92 5.31 3/456 12345\n")).isEqualTo("9.92 5.92 5.31");
    }

    @Test
    void aLineWithoutThreeFieldsIsNoLoadAverage() {
        assertThatThrownBy(() -> LoadAverage.of("9.92")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void nowIsThreeNumbersOrSaysItIsUnknown() {
        assertThat(LoadAverage.now()).matches("\\d+\\.\\d+ \\d+\\.\\d+ \\d+\\.\\d+|unknown");
    }
}

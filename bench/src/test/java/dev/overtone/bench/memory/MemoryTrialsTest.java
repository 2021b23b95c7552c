package dev.overtone.bench.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** What the memory protocol records: a transfer recorded without its readings reads them as none, not as null. */
class MemoryTrialsTest {

    @Test
    void aTransferRecordedWithoutItsReadingsHasEmptyOnes() {
        MemoryTrials.Transfer transfer = new MemoryTrials.Transfer("q2", true, true, true, false, 0, 1);

        assertThat(transfer.remembered()).isEqualTo(List.of());
        assertThat(transfer.readingsOn()).isEqualTo(List.of());
        assertThat(transfer.readingsOff()).isEqualTo(List.of());
        assertThat(transfer.questionsOff()).isEqualTo(1);
    }
}

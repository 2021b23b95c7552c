package dev.overtone.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** How load and chaos drive Interpret: 16 calls in flight unless told, and a data set mixed in at the command's own share. */
class LoadOptionsTest {

    private static LoadOptions parsed(String... args) {
        return CommandLine.populateCommand(new LoadOptions(0.8), args);
    }

    @Test
    void aDataSetIsMixedInAtTheCommandsShareUnlessOneIsGiven() {
        assertThat(parsed("--data", "set.jsonl").mix.share()).isEqualTo(0.8);
        assertThat(parsed("--data", "set.jsonl", "--data-share", "0.25").mix.share()).isEqualTo(0.25);
        assertThat(parsed().mix.share()).isZero();
    }

    @Test
    void sixteenCallsAreInFlightUnlessTold() {
        assertThat(parsed().concurrency).isEqualTo(16);
        assertThat(parsed("--concurrency", "3", "--limit", "9").concurrency).isEqualTo(3);
        assertThat(parsed("--limit", "9").mix.limit).isEqualTo(9);
    }
}

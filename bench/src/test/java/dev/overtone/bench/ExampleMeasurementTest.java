package dev.overtone.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** A measurement over a data set's examples: the data set with the report directory, and its examples' options checked. */
class ExampleMeasurementTest {

    private static ExampleMeasurement parsed(String... args) {
        return CommandLine.populateCommand(new ExampleMeasurement(), args);
    }

    @Test
    void theExamplesComeCheckedWithWhatEveryMeasurementTakes() {
        ExampleMeasurement m = parsed("--data", "set.jsonl", "--out", "r", "--limit", "3", "--concurrency", "2", "--no-infill");

        assertThat(m.examples().data).isEqualTo(Path.of("set.jsonl"));
        assertThat(m.examples().limit).isEqualTo(3);
        assertThat(m.examples().concurrency).isEqualTo(2);
        assertThat(m.out).isEqualTo(Path.of("r"));
        assertThat(m.interpret.infill()).isFalse();
    }

    @Test
    void aNegativeLimitOrNoConcurrencyIsRefusedWhenTheExamplesAreTaken() {
        assertThatThrownBy(() -> parsed("--data", "d", "--out", "r", "--limit", "-1").examples())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--limit must be >= 0");
        assertThatThrownBy(() -> parsed("--data", "d", "--out", "r", "--concurrency", "0").examples())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--concurrency must be >= 1");
    }

    @Test
    void aMeasurementOverExamplesNeedsTheDataSet() {
        assertThatThrownBy(() -> parsed("--out", "r")).isInstanceOf(CommandLine.MissingParameterException.class)
                .hasMessageContaining("'--data=<data>'");
    }
}

package dev.overtone.bench.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

import dev.overtone.bench.Ran;
import dev.overtone.bench.dataset.ExampleLines;

/** {@code bench memory}'s command line: a negative recall-cost count or example option is refused before any database is built. */
class MemoryCommandTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--cost-pairs=-1  | --cost-pairs and --cost-warmup must be >= 0",
            "--cost-warmup=-5 | --cost-pairs and --cost-warmup must be >= 0",
            "--limit=-1       | --limit must be >= 0",
            "--concurrency=0  | --concurrency must be >= 1"})
    void aNegativeCountIsABadCommandLine(String option, String message) {
        Path data = ExampleLines.write(tmp.resolve("set.jsonl"), ExampleLines.rating("h1"));

        Ran ran = Ran.bench("memory", "--data", data.toString(), "--out", tmp.resolve("out").toString(),
                "--overtone-home", tmp.resolve("home").toString(), option);

        ran.assertRefusedWith("bench: " + message);
        assertThat(tmp.resolve("home")).doesNotExist();
    }
}

package dev.overtone.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bench's entry point: the command line's exit status, and charts drawn without a display. */
class BenchMainTest {

    @Test
    void itRunsTheBenchCommandLineHeadlessAndReturnsItsExitStatus(@TempDir Path tmp) {
        System.clearProperty("java.awt.headless");

        int status = new BenchMain().run("coverage", "--data", tmp.resolve("missing.jsonl").toString(), "--out", tmp.toString(),
                "--overtone-home", tmp.toString(), "--baseline-only");

        assertThat(status).isEqualTo(BenchCommand.EXIT_USAGE);
        assertThat(System.getProperty("java.awt.headless")).isEqualTo("true");
    }

    @Test
    void withoutASubcommandItIsABadCommandLine() {
        assertThat(new BenchMain().run()).isEqualTo(BenchCommand.EXIT_USAGE);
    }
}

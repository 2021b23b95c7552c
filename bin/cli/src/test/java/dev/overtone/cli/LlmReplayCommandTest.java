package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code overtone llm-replay}'s refusals, each before a server starts: a fault plan it cannot read, a negative hold, and
 * a file that names no model with none given. (A serving run is {@code LlmReplaySuiteIT}'s.) A refusal it no longer makes
 * would serve until stopped: the bound fails such a test instead of hanging the build, on a port free now.
 */
@Timeout(value = 30, threadMode = ThreadMode.SEPARATE_THREAD)
class LlmReplayCommandTest {
    private static final String UNNAMED = """
            {"id": "v-0", "question": "How many rooms are there?", "defaults": [{"interpretation": "How many rooms are there?", "sql": "SELECT COUNT(*) FROM rooms", "sqls": ["SELECT COUNT(*) FROM rooms"]}]}
            """;

    @TempDir
    Path dir;

    @Test
    void aFaultPlanItCannotReadIsAUsageErrorSayingWhy() throws Exception {
        Ran replay = replay("--data", unnamed().toString(), "--faults", "timeout=2");

        assertThat(replay.exit()).isEqualTo(2);
        assertThat(replay.err()).startsWith("llm-replay: --faults: the rate of timeout must be");
        assertThat(replay.out()).isEmpty();
    }

    @Test
    void aNegativeHoldIsAUsageError() throws Exception {
        Ran replay = replay("--data", unnamed().toString(), "--hold-s", "-1");

        assertThat(replay.exit()).isEqualTo(2);
        assertThat(replay.err()).isEqualTo("llm-replay: --hold-s must be >= 0\n");
    }

    @Test
    void aFileThatNamesNoModelNeedsTheServedNamesGiven() throws Exception {
        Path data = unnamed();

        Ran replay = replay("--data", data.toString());

        assertThat(replay.exit()).isEqualTo(2);
        assertThat(replay.err()).isEqualTo("llm-replay: " + data + " names no default_model or sql_model; pass --served-model-name\n");
        assertThat(replay.out()).as("nothing served").isEmpty();
    }

    private Path unnamed() throws Exception {
        return Files.writeString(dir.resolve("unnamed.jsonl"), UNNAMED);
    }

    private static Ran replay(String... args) {
        String[] all = Stream.concat(Stream.of("--port", "0"), Arrays.stream(args))
                .toArray(String[]::new);
        return Ran.run(new LlmReplayCommand(), all);
    }
}

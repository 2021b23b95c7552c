package dev.overtone.bench.load;

import static dev.overtone.bench.client.StandInSuite.interpreter;
import static dev.overtone.bench.client.StandInSuite.readings;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.overtone.bench.Ran;
import dev.overtone.bench.client.StandInSuite;

/** {@code bench load}'s command line: a pace it cannot keep is refused, the one given is the run's. */
class LoadCommandTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"--concurrency=0", "--seconds=0", "--warmup-seconds=-1"})
    void aPaceBelowOneCallOrOneSecondIsABadCommandLine(String pace) {
        Ran ran = Ran.bench("load", "--out", tmp.toString(), pace);

        ran.assertRefusedWith("bench: --concurrency and --seconds must be >= 1, --warmup-seconds >= 0");
    }

    @Test
    void theTenantDatabaseAndPaceGivenAreTheMeasuredRuns() throws Exception {
        Ran ran;
        try (StandInSuite standIn = StandInSuite.serving(interpreter(r -> readings(List.of(r.getDefaults(0).getSql()))))) {
            ran = Ran.bench(standIn.command("load", "--out", tmp.resolve("out").toString(),
                    "--overtone-home", tmp.resolve("home").toString(), "--seconds", "1", "--warmup-seconds", "0", "--concurrency", "2",
                    "--tenant", "other", "--database", "crm", "--ignore-memory", "--seed", "9"));
        }

        assertThat(ran.exit()).isZero();
        JsonNode run = new ObjectMapper().readTree(tmp.resolve("out/report.json").toFile()).path("run");
        assertThat(run.path("tenant").asText()).isEqualTo("other");
        assertThat(run.path("database").asText()).isEqualTo("crm");
        assertThat(run.path("concurrency").asInt()).isEqualTo(2);
        assertThat(run.path("seconds").asInt()).isEqualTo(1);
        assertThat(run.path("seed").asLong()).isEqualTo(9);
        assertThat(run.path("ignore_memory").asBoolean()).isTrue();
        assertThat(ran.out()).startsWith("throughput ").contains("report: " + tmp.resolve("out/report.json"));
        assertThat(ran.err()).contains("bench: measuring 1 s at concurrency 2").doesNotContain("throughput ");
    }
}

package dev.overtone.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.overtone.bench.Ran;

/** {@code bench chaos} restarts replicas under load: with one replica of each service (no OVERTONE_REPLICAS) there is nothing to measure. */
class ChaosCommandTest {

    @TempDir
    Path tmp;

    @Test
    void aSuiteOfSingleReplicasIsRefusedBeforeAnyLoad() {
        assumeTrue(System.getenv("OVERTONE_REPLICAS") == null, "the suite bin/overtone started has one replica of each service");

        Ran ran = Ran.bench("chaos", "--out", tmp.resolve("out").toString(), "--interpreter", "127.0.0.1:1", "--no-start");

        ran.assertRefusedWith("bench: chaos needs at least 2 replicas of each service: bin/overtone up --replicas 2");
        assertThat(tmp.resolve("out")).doesNotExist();
    }
}

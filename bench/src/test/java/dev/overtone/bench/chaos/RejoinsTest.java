package dev.overtone.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.bench.load.LoadRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An event whose restarted replica was not back in its callers' rotation is marked in the report, with the count. */
class RejoinsTest {

    /** What bin/overtone restart prints when a replica's callers did not all come back (its wait_rejoined and summary). */
    private static final String LAUNCHER_OUTPUT = """
            restarted executor-svc (TERM): stopped in 120 ms; ready 2100 ms after its start, back in its callers' rotation after 3400 ms
            executor-svc-1 not back in its callers' rotation: 1 of its 2 client connections back after 20 s; going on
            restarted executor-svc-1 (TERM): stopped in 98 ms; ready 2000 ms after its start, NOT back in its callers' rotation after 22100 ms
            restart: 1 replica(s) not back in its callers' rotation within 20 s (...): executor-svc-1 (2 connections before)
            """;

    @Test
    void theLauncherSaysWhichReplicaWasNotBackAndHowManyConnectionsCame() {
        Rejoins rejoins = Rejoins.fromLauncher(LAUNCHER_OUTPUT);

        assertThat(rejoins.all()).isFalse();
        assertThat(rejoins.missing()).containsExactly(new Rejoins.Missing("executor-svc-1", 1, 2, "launcher"));
        assertThat(Rejoins.fromLauncher("restarted parser-svc (TERM): stopped in 1 ms; ... back in its callers' rotation after 9 ms").all())
                .as("a replica back in the rotation").isTrue();
    }

    @Test
    void theLauncherPrintsTheLineTheBenchReads() throws Exception {
        String launcher = Files.readString(Path.of("..", "bin", "overtone"));

        assertThat(launcher).contains("NOT_REJOINED_LINE=\"not back in its callers' rotation\"",
                "$(instance_of \"$1\" \"$2\") $NOT_REJOINED_LINE: ${have:-0} of its $3 client connections back");
    }

    @Test
    void anEventWithAReplicaNotBackIsMarkedInItsRowAndLine() {
        Rejoins rejoins = Rejoins.fromLauncher("").andBench("interpreter-svc-1", false);
        Map<String, Object> row = ChaosRun.row("kill -9 interpreter-svc replica 1", 0, 10,
                List.<LoadRun.Call>of(new LoadRun.Call(100, "OK", Map.of(), null, 5.0)), Map.of("interpreter-svc", new double[] {10, 0}));
        row.putAll(rejoins.row());

        assertThat(row).containsEntry("all_rejoined", false);
        assertThat(row.get("not_rejoined")).asList().singleElement()
                .isEqualTo(Map.of("replica", "interpreter-svc-1", "connections_back", 0, "connections_before", 1, "seen_by", "bench"));
        assertThat(ChaosRun.line(row)).contains("NOT REJOINED", "interpreter-svc-1 (0 of 1 connections back, seen by the bench)");
    }

    @Test
    void anEventWhoseReplicasAllCameBackSaysNothingMore() {
        Map<String, Object> row = ChaosRun.row("rolling restart parser-svc", 0, 10, List.<LoadRun.Call>of(), Map.of());
        row.putAll(Rejoins.fromLauncher("").andBench("interpreter-svc-0", true).row());

        assertThat(row).containsEntry("all_rejoined", true).containsEntry("not_rejoined", List.of());
        assertThat(ChaosRun.line(row)).doesNotContain("REJOINED");
    }
}

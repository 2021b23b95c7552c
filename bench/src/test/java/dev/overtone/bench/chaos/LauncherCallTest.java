package dev.overtone.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.bench.client.Suite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real process standing in for bin/overtone: it prints its arguments and its OVERTONE_HOME on both streams and exits
 * with the first argument.
 */
class LauncherCallTest {
    @TempDir
    Path dir;

    @Test
    void theExitStatusAndEverythingPrintedComeBackAndAreAppendedToTheLog() throws Exception {
        Path launcher = Files.writeString(dir.resolve("overtone"), "#!/bin/sh\necho \"out $* in $OVERTONE_HOME\"\necho \"err $2\" >&2\nexit \"$1\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
        Path log = dir.resolve("launcher.log");
        Suite.Launcher inHome = new Suite.Launcher(launcher, dir.resolve("home"));

        LauncherCall ok = LauncherCall.run(inHome, List.of("0", "restart"), log);
        LauncherCall failed = LauncherCall.run(inHome, List.of("3", "kill"), log);

        assertThat(ok.exit()).isZero();
        assertThat(ok.output()).as("run in the bench's home, whatever its environment says")
                .contains("out 0 restart in " + dir.resolve("home"), "err restart");
        assertThat(failed.exit()).isEqualTo(3);
        assertThat(log).content().contains("out 0 restart", "err restart", "out 3 kill", "err kill");
    }
}

package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

/**
 * {@code overtone pg}: a real PostgreSQL on localhost and the port given, in the data directory given, until the process
 * stops (its shutdown hook stops the server; this test's server lives until the test JVM ends).
 */
class PostgresCommandTest {

    @TempDir
    Path parent;

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void withoutADataDirectoryItIsABadCommandLine() {
        Ran pg = Ran.run(new PostgresCommand(), "--port", "5999");

        assertThat(pg.exit()).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(pg.err()).contains("Missing required option: '--data=<dataDirectory>'");
        assertThat(pg.out()).isEmpty();
    }

    @Test
    void itServesPostgresqlOnThePortGivenAfterSettingAsideWhatAHalfFinishedInitdbLeft() throws Exception {
        Path data = Files.createDirectories(parent.resolve("pgdata"));
        Files.writeString(data.resolve(PostgresDataDirectory.VERSION_FILE), "16");
        int port = freePort();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Thread server = new Thread(() -> new CommandLine(new PostgresCommand()).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute("--port", String.valueOf(port), "--data", data.toString()),
                "overtone-pg-under-test");
        server.setDaemon(true);
        server.start();

        String ready = "PostgreSQL ready on localhost:" + port + " (data " + data + ")";
        Awaitility.await("PostgreSQL ready, or the command ended").atMost(Duration.ofSeconds(120))
                .until(() -> out.toString().contains(ready) || !server.isAlive());

        assertThat(out.toString()).as(err.toString()).contains(ready);
        assertThat(err.toString()).as("the folder set aside is said on stderr").contains("the data folder " + data
                + " was left half-initialised by an earlier run; it was moved to " + parent.resolve("pgdata.incomplete-"));

        try (Connection c = DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/postgres", "postgres", "");
             ResultSet r = c.createStatement().executeQuery("SHOW data_directory")) {
            r.next();
            assertThat(Path.of(r.getString(1)).toRealPath()).isEqualTo(data.toRealPath());
        }
        assertThat(PostgresDataDirectory.isInitialised(data)).isTrue();
        try (Stream<Path> s = Files.list(parent)) {
            assertThat(s.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("pgdata.incomplete-"));
        }
        assertThat(server.isAlive()).as("it serves until the process stops").isTrue();
        stopPostmaster(data);
    }

    /** SIGTERM to the server whose pid the data directory's postmaster.pid names (its first line), awaited. */
    private static void stopPostmaster(Path data) throws Exception {
        long pid = Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim());
        ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow();
        postmaster.destroy();
        postmaster.onExit().get(60, TimeUnit.SECONDS);
    }
}

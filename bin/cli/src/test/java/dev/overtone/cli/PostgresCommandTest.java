package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
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
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

/**
 * {@code overtone pg}: a real PostgreSQL on localhost and the port given, in the data directory given, until the process
 * stops (its shutdown hook stops the server; this test's server lives until the test JVM ends).
 */
class PostgresCommandTest {

    @TempDir
    Path parent;

    @RegisterExtension
    final PrintedOutput printed = new PrintedOutput();

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void withoutADataDirectoryItIsABadCommandLine() {
        CommandLine cli = new CommandLine(new PostgresCommand());

        assertThat(cli.execute("--port", "5999")).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(printed.err()).contains("Missing required option: '--data=<dataDirectory>'");
    }

    @Test
    void itServesPostgresqlOnThePortGivenAfterSettingAsideWhatAHalfFinishedInitdbLeft() throws Exception {
        Path data = Files.createDirectories(parent.resolve("pgdata"));
        Files.writeString(data.resolve(PostgresDataDirectory.VERSION_FILE), "16");
        int port = freePort();
        Thread server = new Thread(() -> new CommandLine(new PostgresCommand()).execute("--port", String.valueOf(port),
                "--data", data.toString()), "overtone-pg-under-test");
        server.setDaemon(true);
        server.start();

        String ready = "PostgreSQL ready on localhost:" + port + " (data " + data + ")";
        Awaitility.await("PostgreSQL ready, or the command ended").atMost(Duration.ofSeconds(120))
                .until(() -> printed.out().contains(ready) || !server.isAlive());

        assertThat(printed.out()).as(printed.err()).contains(ready);

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

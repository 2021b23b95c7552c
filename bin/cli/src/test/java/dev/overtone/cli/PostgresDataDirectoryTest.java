package dev.overtone.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class PostgresDataDirectoryTest {

    @TempDir
    Path parent;

    private final StringWriter notices = new StringWriter();

    private static long entries(Path folder) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.count();
        }
    }

    @Test
    void aFolderInitdbLeftHalfWayIsMovedAsideWithWhatItHeld() throws Exception {
        Path data = Files.createDirectories(parent.resolve("pgdata"));
        Files.writeString(data.resolve(PostgresDataDirectory.VERSION_FILE), "16");

        PostgresDataDirectory.setAsideIfHalfInitialised(data, new PrintWriter(notices, true));

        assertThat(data).doesNotExist();
        try (Stream<Path> s = Files.list(parent)) {
            Path aside = s.findFirst().orElseThrow();
            assertThat(aside.getFileName().toString()).startsWith("pgdata.incomplete-");
            assertThat(aside.resolve(PostgresDataDirectory.VERSION_FILE)).hasContent("16");
            assertThat(Ran.lines(notices)).isEqualTo("the data folder " + data + " was left half-initialised by an earlier run; "
                    + "it was moved to " + aside + " and a new one is created\n");
        }
    }

    @Test
    void anInitialisedAnEmptyOrAMissingFolderStaysWhereItIs() throws Exception {
        Path initialised = Files.createDirectories(parent.resolve("ready"));
        Files.writeString(initialised.resolve(PostgresDataDirectory.VERSION_FILE), "16");
        Files.writeString(initialised.resolve(PostgresDataDirectory.CONFIGURATION), "");
        Path empty = Files.createDirectories(parent.resolve("empty"));

        PrintWriter said = new PrintWriter(notices, true);
        PostgresDataDirectory.setAsideIfHalfInitialised(initialised, said);
        PostgresDataDirectory.setAsideIfHalfInitialised(empty, said);
        PostgresDataDirectory.setAsideIfHalfInitialised(parent.resolve("missing"), said);

        assertThat(PostgresDataDirectory.isInitialised(initialised)).isTrue();
        assertThat(PostgresDataDirectory.isInitialised(empty)).isFalse();
        assertThat(empty).isEmptyDirectory();
        assertThat(entries(parent)).isEqualTo(2);
        assertThat(notices.toString()).as("nothing set aside, nothing said").isEmpty();
    }
}

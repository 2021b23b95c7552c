package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostgresBinariesTest {
    @TempDir
    Path work;

    private final StringWriter notices = new StringWriter();

    @Test
    void aHalfUnpackedFolderIsEmptiedAndAFinishedOneIsLeftAlone() throws IOException {
        Path half = Files.createDirectories(work.resolve("PG-half/bin"));
        Files.writeString(half.resolve("postgres"), "half a binary");
        Path finished = Files.createDirectories(work.resolve("PG-done/bin"));
        Files.writeString(finished.resolve("postgres"), "a binary");
        Files.createFile(work.resolve("PG-done").resolve(PostgresBinaries.FINISHED_MARKER));
        Path other = Files.createDirectories(work.resolve("not-postgres/bin"));

        PostgresBinaries.recoverHalfUnpacked(work, new PrintWriter(notices, true));

        try (var left = Files.list(work.resolve("PG-half"))) {
            assertThat(left).extracting(p -> p.getFileName().toString()).containsExactly(PostgresBinaries.UNPACK_LOCK);
        }
        assertThat(finished.resolve("postgres")).hasContent("a binary");
        assertThat(other).isDirectory();
        assertThat(Ran.lines(notices)).as("only the folder emptied is said")
                .isEqualTo("removed a half-unpacked PostgreSQL left by an earlier run: " + work.resolve("PG-half") + "\n");
    }

    @Test
    void noWorkingDirectoryIsNothingToRecover() throws IOException {
        PostgresBinaries.recoverHalfUnpacked(work.resolve("absent"), new PrintWriter(notices, true));

        assertThat(work.resolve("absent")).doesNotExist();
        assertThat(notices.toString()).isEmpty();
    }

    @Test
    void theWorkingDirectoryIsZonkysUnlessAPropertyNamesAnother() {
        String before = System.getProperty("ot.epg.working-dir");
        try {
            System.clearProperty("ot.epg.working-dir");
            assertThat(PostgresBinaries.workingDirectory()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "embedded-pg"));
            System.setProperty("ot.epg.working-dir", work.toString());
            assertThat(PostgresBinaries.workingDirectory()).isEqualTo(work);
        } finally {
            if (before == null) {
                System.clearProperty("ot.epg.working-dir");
            } else {
                System.setProperty("ot.epg.working-dir", before);
            }
        }
    }
}

package dev.overtone.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The PostgreSQL binaries zonky unpacks under {@code java.io.tmpdir/embedded-pg/PG-<digest>}. zonky
 * marks a finished unpack with {@code .exists} and unpacks under the file lock {@code epg-lock}; an
 * unpack that was killed (or ran out of memory) leaves files without the marker, and every later
 * unpack then fails on the first file that already exists. Such a folder is emptied here, under
 * zonky's own lock, so that the next start unpacks afresh.
 */
final class PostgresBinaries {
    static final String FINISHED_MARKER = ".exists";
    static final String UNPACK_LOCK = "epg-lock";

    private PostgresBinaries() {
    }

    /** Where zonky unpacks when no other folder is given, as zonky itself decides it. */
    static Path workingDirectory() {
        return Path.of(System.getProperty("ot.epg.working-dir",
                Path.of(System.getProperty("java.io.tmpdir"), "embedded-pg").toString()));
    }

    /**
     * Empties every unpack folder that lacks its marker and that no other process is unpacking into, and says so on
     * {@code notices}.
     */
    static void recoverHalfUnpacked(Path workingDirectory, PrintWriter notices) throws IOException {
        if (!Files.isDirectory(workingDirectory)) {
            return;
        }
        try (DirectoryStream<Path> unpacks = Files.newDirectoryStream(workingDirectory, "PG-*")) {
            for (Path unpack : unpacks) {
                if (Files.isDirectory(unpack) && !Files.exists(unpack.resolve(FINISHED_MARKER))) {
                    emptyUnlessLocked(unpack, notices);
                }
            }
        }
    }

    private static void emptyUnlessLocked(Path unpack, PrintWriter notices) throws IOException {
        Path lockFile = unpack.resolve(UNPACK_LOCK);
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = channel.tryLock()) {
            if (lock == null) {
                return; // another process is unpacking right now; zonky waits for it
            }
            try (Stream<Path> files = Files.walk(unpack)) {
                files.sorted(Comparator.reverseOrder())
                        .filter(path -> !path.equals(unpack) && !path.equals(lockFile))
                        .forEach(PostgresBinaries::delete);
            }
            notices.println("removed a half-unpacked PostgreSQL left by an earlier run: " + unpack);
        }
    }

    private static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove the half-unpacked PostgreSQL file " + path
                    + "; delete the folder " + path.getParent() + " by hand", e);
        }
    }
}

package dev.overtone.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.stream.Stream;

/**
 * The embedded server's data folder. zonky runs initdb only when {@code postgresql.conf} is missing,
 * and initdb refuses a folder that is not empty: an initdb that was killed half way would block every
 * later start. Such a folder holds no data yet, but it is moved aside rather than deleted, so that
 * nothing is lost and the operator can see what happened.
 */
final class PostgresDataDirectory {
    static final String CONFIGURATION = "postgresql.conf";
    static final String VERSION_FILE = "PG_VERSION";

    private PostgresDataDirectory() {
    }

    /** Moves a half-initialised folder aside and says where on {@code notices}. */
    static void setAsideIfHalfInitialised(Path dataDirectory, PrintWriter notices) throws IOException {
        if (!Files.isDirectory(dataDirectory) || isEmpty(dataDirectory) || isInitialised(dataDirectory)) {
            return;
        }
        Path aside = dataDirectory.resolveSibling(dataDirectory.getFileName() + ".incomplete-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Files.move(dataDirectory, aside);
        notices.println("the data folder " + dataDirectory + " was left half-initialised by an earlier run; "
                + "it was moved to " + aside + " and a new one is created");
    }

    static boolean isInitialised(Path dataDirectory) {
        return Files.exists(dataDirectory.resolve(CONFIGURATION)) && Files.exists(dataDirectory.resolve(VERSION_FILE));
    }

    private static boolean isEmpty(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        }
    }
}

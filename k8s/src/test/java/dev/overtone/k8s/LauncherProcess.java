package dev.overtone.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of a checkout's bin/overtone as a process, in a home of its own and with no OVERTONE_ setting (nor
 * MALLOC_ARENA_MAX, which the launcher passes on) of the test's environment but the ones given: its exit status and what it printed (stdout and stderr).
 */
record LauncherProcess(int exit, String output) {

    static final String LAUNCHER = "bin/overtone";
    /** What the launcher sources to read application.properties. */
    static final String PROPERTIES_READER = "bin/properties.sh";

    static LauncherProcess run(Path checkout, Path home, Map<String, String> settings, String... arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", checkout.resolve(LAUNCHER).toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(name -> name.startsWith("OVERTONE_") || name.equals("MALLOC_ARENA_MAX"));
        environment.put("OVERTONE_HOME", home.toString());
        environment.put("OVERTONE_PG_PORT", "1");
        environment.putAll(settings);
        Process process = builder.redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(output).isTrue();
        return new LauncherProcess(process.exitValue(), output);
    }

    /**
     * Copies the launcher and its properties reader into {@code checkout}, a checkout of nothing else (no sources, no
     * Maven): a launcher that went on to build there fails at once instead of building.
     */
    static void copyInto(Path checkout) throws IOException {
        Files.createDirectories(checkout.resolve("bin"));
        for (String file : List.of(LAUNCHER, PROPERTIES_READER)) {
            Files.copy(Overlay.checkout().resolve(file), checkout.resolve(file));
        }
    }
}

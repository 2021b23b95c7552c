package dev.overtone.runtime.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The JVM options and environment bin/overtone starts a service with, as its {@code jvm-options} command prints them
 * (read from k8s/base/jvm as the pods' run-java.sh reads it, with the launcher's heap standing in for the pod's), for a
 * test that starts the service's packaged jar as its own process under the settings it runs with.
 */
public record LauncherJvm(List<String> options, Map<String, String> environment) {
    private static final String OPTIONS = "JAVA_OPTS";

    /** {@code bin/overtone jvm-options service}, run from a module's folder (where Maven runs its tests). */
    public static LauncherJvm of(String service) throws IOException, InterruptedException {
        Path launcher = Path.of("..", "bin", "overtone");
        Path output = Files.createTempFile("jvm-options", ".txt");
        try {
            Process run = new ProcessBuilder("bash", launcher.toString(), "jvm-options", service).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            boolean ended = run.waitFor(30, TimeUnit.SECONDS);
            if (!ended) {
                run.destroyForcibly();
            }
            String printed = Files.readString(output, StandardCharsets.UTF_8);
            if (!ended || run.exitValue() != 0) {
                throw new AssertionError(launcher + " jvm-options " + service + " failed: " + printed);
            }
            return parse(printed);
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** Lines {@code KEY=VALUE}: {@code JAVA_OPTS} the options, split at blanks; every other key the environment. */
    static LauncherJvm parse(String printed) {
        List<String> options = new ArrayList<>();
        Map<String, String> environment = new TreeMap<>();
        for (String line : printed.strip().split("\n")) {
            int equals = line.indexOf('=');
            if (equals <= 0) {
                throw new AssertionError("not KEY=VALUE: '" + line + "' in " + printed);
            }
            String key = line.substring(0, equals);
            String value = line.substring(equals + 1).strip();
            if (key.equals(OPTIONS)) {
                options.addAll(List.of(value.split("\\s+")));
            } else {
                environment.put(key, value);
            }
        }
        if (options.isEmpty()) {
            throw new AssertionError("no " + OPTIONS + " in " + printed);
        }
        return new LauncherJvm(List.copyOf(options), Map.copyOf(environment));
    }
}

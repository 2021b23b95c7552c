package dev.overtone.runtime.testing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A service's packaged application (target/quarkus-app/quarkus-run.jar of the module under test) started as
 * its own process, the way it runs in production, and awaited until /q/health/ready answers 200 (bounded).
 */
public final class PackagedJar {

    private PackagedJar() {
    }

    /**
     * Starts the jar with {@code jvm}'s options and environment (the launcher's: {@link LauncherJvm#of}) and
     * {@code config} as system properties, its output to {@code log}, and waits until its readiness on {@code httpPort}
     * is UP. An exit or the limit fails with the log's path.
     */
    public static Process start(String service, LauncherJvm jvm, Map<String, String> config, int httpPort,
            ProcessBuilder.Redirect log, Duration limit) throws Exception {
        Path jar = Path.of("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new AssertionError("package the service first (mvn verify -DskipITs=false): " + jar.toAbsolutePath() + " is missing");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvm.options());
        cmd.add("-Dquarkus.log.console.json.enabled=false");
        config.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(List.of("-jar", jar.toString()));
        ProcessBuilder builder = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log);
        builder.environment().putAll(jvm.environment());
        Process p = builder.start();
        awaitReady(service, p, httpPort, limit, log.file());
        return p;
    }

    private static void awaitReady(String service, Process p, int port, Duration limit, java.io.File log) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/q/health/ready"))
                .timeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new AssertionError(service + " exited with " + p.exitValue() + "; log: " + log.getAbsolutePath());
            }
            try {
                if (http.send(ready, HttpResponse.BodyHandlers.ofString()).statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException notYet) {
                // not listening yet
            }
            p.waitFor(200, TimeUnit.MILLISECONDS);
        }
        p.destroyForcibly();
        throw new AssertionError(service + " not ready within " + limit + "; log: " + log.getAbsolutePath());
    }
}

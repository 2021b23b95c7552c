package dev.overtone.executor.it;

import java.io.File;
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
 * Starts target/quarkus-app/quarkus-run.jar as its own process (the same pattern as clarify-svc's
 * PackagedService) with the given heap and configuration, and waits for readiness (bounded).
 */
final class PackagedExecutor implements AutoCloseable {
    /** Health and metrics are served on the gRPC port + 10, as bin/overtone lays the suite out. */
    static final int HTTP_PORT_OFFSET = 10;
    final Process process;
    /** The gRPC port. */
    final int port;
    final Path log;
    final Path gcLog;

    private PackagedExecutor(Process process, int port, Path log, Path gcLog) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.gcLog = gcLog;
    }

    static PackagedExecutor start(int port, String maxHeap, Map<String, String> config) throws Exception {
        Path jar = Path.of("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new AssertionError("package the service first (mvn verify -DskipITs=false): "
                    + jar.toAbsolutePath() + " is missing");
        }
        Path log = Path.of("target/executor-packaged.log").toAbsolutePath();
        Path gcLog = Path.of("target/executor-packaged-gc.log").toAbsolutePath();
        Files.deleteIfExists(gcLog);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + maxHeap, "-Xlog:gc:file=" + gcLog,
                "-Dquarkus.grpc.server.port=" + port,
                "-Dquarkus.http.port=" + (port + HTTP_PORT_OFFSET),
                "-Dquarkus.log.console.json.enabled=false"));
        config.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(List.of("-jar", jar.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start();
        awaitReady(p, port + HTTP_PORT_OFFSET, Duration.ofSeconds(120), log.toFile());
        return new PackagedExecutor(p, port, log, gcLog);
    }

    /** GET of an HTTP path of the service; the body, or null when it does not answer 200. */
    String get(String path) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + (port + HTTP_PORT_OFFSET) + path))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        return response.statusCode() == 200 ? response.body() : null;
    }

    private static void awaitReady(Process p, int port, Duration limit, File log) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/q/health/ready"))
                .timeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new AssertionError("executor-svc exited with " + p.exitValue() + "; log: " + log);
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
        throw new AssertionError("executor-svc not ready within " + limit + "; log: " + log);
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}

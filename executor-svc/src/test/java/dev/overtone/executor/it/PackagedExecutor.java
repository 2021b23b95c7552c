package dev.overtone.executor.it;

import dev.overtone.runtime.testing.LauncherJvm;
import dev.overtone.runtime.testing.PackagedJar;

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
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * executor-svc's packaged jar as its own process ({@link PackagedJar}) with the JVM options and environment the launcher
 * gives it ({@link LauncherJvm}: its heap, collector and direct memory bounds), a GC log and configuration, until ready.
 */
final class PackagedExecutor implements AutoCloseable {
    /** Health and metrics are served on the gRPC port + 10, as bin/overtone lays the suite out. */
    static final int HTTP_PORT_OFFSET = 10;
    final Process process;
    /** The gRPC port. */
    final int port;
    final Path log;
    final Path gcLog;
    /** What it was started with. */
    final LauncherJvm jvm;

    private PackagedExecutor(Process process, int port, Path log, Path gcLog, LauncherJvm jvm) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.gcLog = gcLog;
        this.jvm = jvm;
    }

    static PackagedExecutor start(int port, Map<String, String> config) throws Exception {
        Path log = Path.of("target/executor-packaged.log").toAbsolutePath();
        Path gcLog = Path.of("target/executor-packaged-gc.log").toAbsolutePath();
        Files.deleteIfExists(gcLog);
        Map<String, String> all = new TreeMap<>(config);
        all.put("quarkus.grpc.server.port", Integer.toString(port));
        all.put("quarkus.http.port", Integer.toString(port + HTTP_PORT_OFFSET));
        LauncherJvm launcher = LauncherJvm.of("executor-svc");
        List<String> options = new ArrayList<>(launcher.options());
        options.add("-Xlog:gc:file=" + gcLog);
        LauncherJvm jvm = new LauncherJvm(options, launcher.environment());
        Process p = PackagedJar.start("executor-svc", jvm, all,
                port + HTTP_PORT_OFFSET, ProcessBuilder.Redirect.to(log.toFile()), Duration.ofSeconds(120));
        return new PackagedExecutor(p, port, log, gcLog, jvm);
    }

    /** GET of an HTTP path of the service; the body, or null when it does not answer 200. */
    String get(String path) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + (port + HTTP_PORT_OFFSET) + path))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        return response.statusCode() == 200 ? response.body() : null;
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}

package dev.overtone.clarify.it;

import dev.overtone.clarify.support.TestDatabase;
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
import java.util.concurrent.TimeUnit;

/** Starts target/quarkus-app/quarkus-run.jar as its own process and waits for readiness (bounded). */
public final class PackagedService {

    private PackagedService() {
    }

    public static Process start(int grpcPort, int httpPort, int parserPort, TestDatabase db) throws Exception {
        Path jar = Path.of("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new AssertionError("package the service first (mvn verify -DskipITs=false): " + jar.toAbsolutePath() + " is missing");
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dquarkus.grpc.server.port=" + grpcPort,
                "-Dquarkus.http.port=" + httpPort,
                "-Dquarkus.grpc.clients.parser.host=localhost",
                "-Dquarkus.grpc.clients.parser.port=" + parserPort,
                "-Dquarkus.log.console.json.enabled=false"));
        db.datasourceConfig().forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(List.of("-jar", jar.toString()));
        File log = Path.of("target/clarify-packaged.log").toFile();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start();
        awaitReady(p, httpPort, Duration.ofSeconds(90), log);
        return p;
    }

    /** Polls /q/health/ready until it answers 200, up to a deadline. */
    private static void awaitReady(Process p, int port, Duration limit, File log) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/q/health/ready")).timeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new AssertionError("clarify-svc exited with " + p.exitValue() + "; log: " + log.getAbsolutePath());
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
        throw new AssertionError("clarify-svc not ready within " + limit + "; log: " + log.getAbsolutePath());
    }
}

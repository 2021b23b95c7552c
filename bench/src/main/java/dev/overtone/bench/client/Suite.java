package dev.overtone.bench.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;

/**
 * The running Overtone suite as the bench sees it: gRPC channels to interpreter-svc and
 * clarify-svc, and a readiness probe on their {@code /q/health/ready} (on each one's HTTP port).
 */
public final class Suite implements AutoCloseable {

    private final Endpoint interpreter;
    private final Endpoint clarify;
    private final ManagedChannel interpreterChannel;
    private final ManagedChannel clarifyChannel;

    public Suite(Endpoint interpreter, Endpoint clarify) {
        this.interpreter = interpreter;
        this.clarify = clarify;
        this.interpreterChannel = channel(interpreter);
        this.clarifyChannel = channel(clarify);
    }

    private static ManagedChannel channel(Endpoint e) {
        return ManagedChannelBuilder.forAddress(e.host(), e.port()).usePlaintext()
                .maxInboundMessageSize(64 * 1024 * 1024).build();
    }

    public InterpreterServiceGrpc.InterpreterServiceBlockingStub interpreter(long deadlineMillis) {
        return InterpreterServiceGrpc.newBlockingStub(interpreterChannel)
                .withDeadlineAfter(deadlineMillis, TimeUnit.MILLISECONDS);
    }

    public ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify(long deadlineMillis) {
        return ClarifyServiceGrpc.newBlockingStub(clarifyChannel)
                .withDeadlineAfter(deadlineMillis, TimeUnit.MILLISECONDS);
    }

    /** True when every endpoint answers its readiness probe with 200. */
    public static boolean ready(List<Endpoint> endpoints) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();
        for (Endpoint e : endpoints) {
            try {
                HttpResponse<Void> r = http.send(HttpRequest.newBuilder(
                                URI.create(e.readinessUri())).timeout(Duration.ofSeconds(3)).GET().build(),
                        HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() != 200) {
                    return false;
                }
            } catch (IOException ex) {
                return false;
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /**
     * Makes sure the suite is up: if it is not and a launcher exists, runs {@code bin/overtone up} with its output
     * appended to {@code launcherLog} (not to the bench's own stdout, where the report goes) and waits (bounded) for
     * readiness, saying on {@code err} that it starts it and where its output goes. Returns a line saying what happened;
     * throws when the suite stays unreachable, with the last lines the launcher wrote.
     */
    public static String ensureUp(List<Endpoint> endpoints, boolean mayStart, Path launcher, Path launcherLog, Duration wait,
                                  PrintWriter err) throws SuiteUnavailableException {
        if (ready(endpoints)) {
            return "suite is up (" + endpoints + ")";
        }
        if (!mayStart || launcher == null || !Files.isExecutable(launcher)) {
            throw new SuiteUnavailableException("the suite is not reachable at " + endpoints
                    + " (readiness " + endpoints.stream().map(Endpoint::readinessUri).toList() + "); start it with 'bin/overtone up'"
                    + (mayStart ? " (no launcher found at " + launcher + ")" : ""));
        }
        err.println("bench: suite not reachable at " + endpoints + "; starting it with '" + launcher + " up' (its output: "
                + launcherLog + ")");
        LauncherLog log;
        try {
            log = LauncherLog.open(launcherLog);
            Process p = new ProcessBuilder(launcher.toString(), "up").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(launcherLog.toFile())).start();
            if (!p.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroy();
                throw new SuiteUnavailableException("'" + launcher + " up' did not finish within " + wait.toSeconds() + " s"
                        + log.ending());
            }
            long deadline = System.nanoTime() + wait.toNanos();
            while (System.nanoTime() < deadline) {
                if (ready(endpoints)) {
                    return "suite was not running; started it with '" + launcher + " up' (its output: " + launcherLog + ")";
                }
                Thread.sleep(500);
            }
        } catch (IOException e) {
            throw new SuiteUnavailableException("could not run '" + launcher + " up' with its output to " + launcherLog + ": "
                    + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteUnavailableException("interrupted while starting the suite");
        }
        throw new SuiteUnavailableException("the suite did not become ready at " + endpoints + " within "
                + wait.toSeconds() + " s after 'bin/overtone up'" + log.ending());
    }

    @Override
    public void close() {
        interpreterChannel.shutdownNow();
        clarifyChannel.shutdownNow();
        try {
            interpreterChannel.awaitTermination(2, TimeUnit.SECONDS);
            clarifyChannel.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public Endpoint interpreterEndpoint() {
        return interpreter;
    }

    public Endpoint clarifyEndpoint() {
        return clarify;
    }

    /**
     * The file the launcher's output is appended to, and where this start's output begins in it: a failed start is told
     * with the last lines of its own output, not of an earlier one's.
     */
    private record LauncherLog(Path file, long start) {
        private static final int LAST_LINES = 10;

        static LauncherLog open(Path file) throws IOException {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return new LauncherLog(file, Files.exists(file) ? Files.size(file) : 0);
        }

        /** "; its output, in FILE, ends:" and this start's last lines, one indented line each; or that it wrote nothing. */
        String ending() {
            List<String> lines = written().lines().filter(l -> !l.isBlank()).toList();
            if (lines.isEmpty()) {
                return "; it wrote nothing to " + file;
            }
            StringBuilder out = new StringBuilder("; its output, in " + file + ", ends:");
            lines.subList(Math.max(0, lines.size() - LAST_LINES), lines.size()).forEach(l -> out.append(System.lineSeparator()).append("  ").append(l));
            return out.toString();
        }

        private String written() {
            try (InputStream in = Files.newInputStream(file)) {
                in.skipNBytes(start);
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(not read: " + e.getMessage() + ")";
            }
        }
    }

    /** The suite could not be reached: the bench's own failure (exit status 3). */
    public static final class SuiteUnavailableException extends Exception {
        public SuiteUnavailableException(String message) {
            super(message);
        }
    }
}

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
import java.util.ArrayList;
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
     * Makes sure the suite is up: if it is not and a launcher exists, runs {@code bin/overtone up} in the launcher's home
     * with its output appended to the launcher's log (not to the bench's own stdout, where the report goes) and waits
     * (bounded) for readiness, saying on {@code err} that it starts it and where its output goes. A launcher that refused
     * because a suite already runs (exit status 3) is waited for as one that started it: that suite may be starting.
     * Returns a line saying what happened; throws when the launcher failed or the suite stays unreachable, with the last
     * lines the launcher wrote.
     */
    public static String ensureUp(List<Endpoint> endpoints, boolean mayStart, Launcher launcher, Duration wait, PrintWriter err)
            throws SuiteUnavailableException {
        if (ready(endpoints)) {
            return "suite is up (" + endpoints + ")";
        }
        if (!mayStart || !launcher.exists()) {
            throw new SuiteUnavailableException("the suite is not reachable at " + endpoints
                    + " (readiness " + endpoints.stream().map(Endpoint::readinessUri).toList() + "); start it with 'bin/overtone up'"
                    + (mayStart ? " (no launcher found at " + launcher.path() + ")" : ""));
        }
        String up = "'" + launcher.path() + " up'";
        err.println("bench: suite not reachable at " + endpoints + "; starting it with " + up + " (its output: " + launcher.log() + ")");
        LauncherLog log;
        try {
            log = LauncherLog.open(launcher.log());
            Process p = launcher.up();
            if (!p.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroy();
                throw new SuiteUnavailableException(up + " did not finish within " + wait.toSeconds() + " s" + log.ending());
            }
            boolean alreadyRuns = p.exitValue() == Launcher.ALREADY_RUNS;
            if (alreadyRuns) {
                err.println("bench: " + up + " says a suite already runs (exit status " + Launcher.ALREADY_RUNS + "); waiting for it to be ready");
            } else if (p.exitValue() != 0) {
                throw new SuiteUnavailableException(up + " failed with exit status " + p.exitValue() + log.ending());
            }
            if (awaitReady(endpoints, wait)) {
                return (alreadyRuns ? "suite was not ready; waited for the one already running" : "suite was not running; started it")
                        + " with " + up + " (its output: " + launcher.log() + ")";
            }
        } catch (IOException e) {
            throw new SuiteUnavailableException("could not run " + up + " with its output to " + launcher.log() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteUnavailableException("interrupted while starting the suite");
        }
        throw new SuiteUnavailableException("the suite did not become ready at " + endpoints + " within "
                + wait.toSeconds() + " s after 'bin/overtone up'" + log.ending());
    }

    private static boolean awaitReady(List<Endpoint> endpoints, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            if (ready(endpoints)) {
                return true;
            }
            Thread.sleep(500);
        }
        return false;
    }

    /**
     * The launcher the bench starts the suite with ({@code path}, bin/overtone) and the Overtone home it starts it in. The
     * launcher runs with OVERTONE_HOME set to that home whatever the bench's own environment says, so that its run/ files,
     * its logs and the suite's tenants are where the bench looks; its output goes to {@code <home>/logs/bench-launcher.log},
     * beside its own logs.
     */
    public record Launcher(Path path, Path home) {
        /** bin/overtone's exit status when {@code up} starts nothing because a suite with another replica count runs. */
        static final int ALREADY_RUNS = 3;

        public Path log() {
            return home.resolve("logs").resolve("bench-launcher.log");
        }

        boolean exists() {
            return path != null && Files.isExecutable(path);
        }

        /** Starts {@code up} in the home, its stdout and stderr appended to the log. */
        Process up() throws IOException {
            return command(List.of("up")).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()))
                    .start();
        }

        /** The launcher with these arguments, in the home (OVERTONE_HOME set to it). */
        public ProcessBuilder command(List<String> arguments) {
            List<String> command = new ArrayList<>(List.of(path.toString()));
            command.addAll(arguments);
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().put("OVERTONE_HOME", home.toString());
            return builder;
        }
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

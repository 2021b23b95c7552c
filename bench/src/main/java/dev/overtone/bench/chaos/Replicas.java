package dev.overtone.bench.chaos;

import dev.overtone.replicas.SuitePorts;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The replicas bin/overtone runs (on the ports {@link SuitePorts} reads from the services' configuration) and what each
 * has served, from its own /q/metrics, with the PID that served it (a restarted replica counts from zero again).
 */
final class Replicas {

    static final List<String> SERVICES = SuitePorts.SERVICES;
    static final String SERVED = "grpc_server_processing_duration_seconds_count";

    private final SuitePorts ports;
    private final int count;
    private final Path runDir;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    Replicas(SuitePorts ports, int count, Path home) {
        this.ports = ports;
        this.count = count;
        this.runDir = home.resolve("run");
    }

    int count() {
        return count;
    }

    int grpcPort(String service, int replica) {
        return ports.grpc(service, replica);
    }

    /** What one replica has served so far, and which process served it. */
    record Served(long pid, double calls) {
    }

    /** Every replica of every service, by service then replica. */
    Map<String, Served[]> served() {
        Map<String, Served[]> all = new LinkedHashMap<>();
        for (String service : SERVICES) {
            Served[] replicas = new Served[count];
            for (int r = 0; r < count; r++) {
                replicas[r] = new Served(pid(service, r), calls(service, r));
            }
            all.put(service, replicas);
        }
        return all;
    }

    /** Calls each replica served between two snapshots (all since its start when it was restarted between them). */
    static Map<String, double[]> between(Map<String, Served[]> before, Map<String, Served[]> after) {
        Map<String, double[]> delta = new LinkedHashMap<>();
        after.forEach((service, now) -> {
            double[] calls = new double[now.length];
            for (int r = 0; r < now.length; r++) {
                Served then = before.get(service)[r];
                calls[r] = now[r].pid() == then.pid() ? now[r].calls() - then.calls() : now[r].calls();
            }
            delta.put(service, calls);
        });
        return delta;
    }

    /**
     * Waits (at most {@code max}) until the process is gone, polled every millisecond, and returns when it was last seen
     * alive ({@link System#nanoTime()}). A process sent SIGKILL keeps its sockets open until its last thread has exited.
     */
    static long awaitGone(long pid, Duration max) throws InterruptedException {
        Path proc = Path.of("/proc/" + pid);
        long deadline = System.nanoTime() + max.toNanos();
        long lastAlive = System.nanoTime();
        while (System.nanoTime() - deadline < 0) {
            long seen = System.nanoTime();
            try (var tasks = Files.list(proc.resolve("task"))) {
                if (exited(Files.readString(proc.resolve("stat")), tasks.count())) {
                    return lastAlive;
                }
            } catch (IOException e) {
                return lastAlive; // reaped
            }
            lastAlive = seen;
            Thread.sleep(1);
        }
        return lastAlive;
    }

    /**
     * Whether a process whose {@code /proc/PID/stat} reads {@code stat} and that has {@code threads} entries in
     * {@code /proc/PID/task} has exited: a zombie ({@code Z}/{@code X}) with no thread but its main one. The main thread
     * of a JVM sent SIGKILL can be a zombie while the others still run and hold its sockets.
     */
    static boolean exited(String stat, long threads) {
        char state = stat.charAt(stat.lastIndexOf(')') + 2);
        return (state == 'Z' || state == 'X') && threads <= 1;
    }

    /** Sends SIGKILL to the replica's process, after checking that its PID file names one of our services. */
    void kill(String service, int replica) {
        long pid = pid(service, replica);
        ProcessHandle process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .orElseThrow(() -> new IllegalStateException(service + " replica " + replica + " is not running (PID " + pid + ")"));
        if (!process.info().commandLine().orElse("").contains("quarkus-run.jar")) {
            throw new IllegalStateException("PID " + pid + " of " + service + " replica " + replica + " is not a service any more");
        }
        process.destroyForcibly();
    }

    long pid(String service, int replica) {
        Path file = runDir.resolve((replica == 0 ? service : service + "-" + replica) + ".pid");
        try {
            return Long.parseLong(Files.readString(file).strip());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    private double calls(String service, int replica) {
        URI uri = URI.create("http://localhost:" + ports.http(service, replica) + "/q/metrics");
        try {
            String body = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            return body.lines().filter(line -> line.startsWith(SERVED + "{"))
                    .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf('}') + 1).strip().split("\\s+")[0]))
                    .sum();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }
}

package dev.overtone.bench.chaos;

import dev.overtone.bench.SuiteOptions;
import dev.overtone.bench.load.LatencyStats;
import dev.overtone.bench.load.LoadRun;
import dev.overtone.bench.report.ReportFiles;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import io.grpc.ManagedChannel;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Load at a fixed concurrency over every interpreter-svc replica while the launcher restarts the services: a
 * steady window first, then per service a rolling restart (every replica drained and started in turn), then per
 * service one replica killed with kill -9 and started again. Per event: the calls that overlapped it, the failed
 * ones by status, their p99, and how each service's calls were split across its replicas (their own metrics).
 */
final class ChaosRun {

    record Event(String kind, String service, int replica) {
        List<String> launcherArguments() {
            return kind.equals("kill") ? List.of("restart", "--kill", "--replica", String.valueOf(replica), service)
                    : List.of("restart", service);
        }

        /** The bench is this service's only caller, so it can count the calls a killed replica held. */
        boolean killsInterpreter() {
            return kind.equals("kill") && service.equals("interpreter-svc");
        }

        String name() {
            return kind.equals("kill") ? "kill -9 " + service + " replica " + replica : "rolling restart " + service;
        }
    }

    /** Its report directory, concurrency and data share are the run's: the requests are drawn as {@code bench load} draws them. */
    private final LoadRun load;
    private final int warmupSeconds;
    private final int steadySeconds;
    private final int settleSeconds;
    private final List<Event> events;
    private final Replicas replicas;

    ChaosRun(LoadRun load, int warmupSeconds, int steadySeconds, int settleSeconds, List<Event> events, Replicas replicas) {
        this.load = load;
        this.warmupSeconds = warmupSeconds;
        this.steadySeconds = steadySeconds;
        this.settleSeconds = settleSeconds;
        this.events = events;
        this.replicas = replicas;
    }

    /**
     * Runs it: the report's text goes to {@code summary} (stdout); what it is doing, and each window's line as it closes,
     * to {@code err}.
     */
    int execute(SuiteOptions suiteOptions, PrintWriter summary, PrintWriter err) throws Exception {
        LoadRun.Mix mix = load.mix(suiteOptions, err);
        try (var ignored = suiteOptions.connect(false, err)) {
            // the suite is up (or was started); the bench balances over every interpreter replica itself
        }
        List<InetSocketAddress> interpreters = new ArrayList<>();
        for (int r = 0; r < replicas.count(); r++) {
            interpreters.add(new InetSocketAddress("localhost", replicas.grpcPort("interpreter-svc", r)));
        }
        HeldCalls held = new HeldCalls();
        ManagedChannel channel = BalancedChannel.over(interpreters, held);
        ConcurrentLinkedQueue<LoadRun.Call> calls = new ConcurrentLinkedQueue<>();
        AtomicBoolean stop = new AtomicBoolean();
        long start = System.nanoTime();
        long startedEpochMs = System.currentTimeMillis();
        ExecutorService workers = Executors.newFixedThreadPool(load.concurrency());
        for (int w = 0; w < load.concurrency(); w++) {
            Random random = new Random(42L * 1_000_003L + w);
            workers.submit(() -> {
                while (!stop.get()) {
                    calls.add(LoadRun.call(() -> InterpreterServiceGrpc.newBlockingStub(channel)
                            .withDeadlineAfter(suiteOptions.deadlineMs(), TimeUnit.MILLISECONDS), mix.draw(random, load.dataShare()), start));
                }
            });
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        Map<String, Object> steady;
        try {
            err.println("bench: warming up for " + warmupSeconds + " s over " + replicas.count() + " interpreter replicas");
            Thread.sleep(warmupSeconds * 1000L);
            Map<String, Replicas.Served[]> before = replicas.served();
            double from = seconds(start);
            Thread.sleep(steadySeconds * 1000L);
            steady = row("steady", from, seconds(start), calls, Replicas.between(before, replicas.served()));
            AgainstSteady.addLoadAverage(steady);
            err.println("bench: " + line(steady));
            for (Event event : events) {
                before = replicas.served();
                from = seconds(start);
                HeldCalls.Kill kill = null;
                if (event.killsInterpreter()) {
                    // the bench kills it itself, so that it knows which calls it held at that moment; the launcher starts it again
                    long pid = replicas.pid(event.service(), event.replica());
                    kill = held.kill(replicas.grpcPort(event.service(), event.replica()), () -> replicas.kill(event.service(), event.replica()));
                    held.gone(kill, Replicas.awaitGone(pid, Duration.ofSeconds(30)));
                }
                LauncherCall launched = LauncherCall.run(suiteOptions.launcherInHome(), event.launcherArguments(),
                        load.out().resolve("launcher.log"));
                Rejoins rejoins = Rejoins.fromLauncher(launched.output());
                if (kill != null) {
                    rejoins = rejoins.andBench(event.service() + "-" + event.replica(), awaitRejoined(held, kill.port));
                }
                // The event lasts until its new replica has warmed up on its growing share: its first, slow calls are
                // this event's, not the next one's (without it a kill's window ended as its replica rejoined, and the
                // next event began with it still cold).
                Thread.sleep(settleSeconds * 1000L);
                double to = seconds(start);
                Map<String, Object> row = row(event.name(), from, to, calls, Replicas.between(before, replicas.served()));
                AgainstSteady.add(row, steady, overlapping(calls, from, to));
                AgainstSteady.addLoadAverage(row);
                row.put("launcher_exit", launched.exit());
                row.putAll(rejoins.row());
                if (kill != null) {
                    row.put("killed_replica", heldRow(held.counts(kill), failedCalls(row)));
                }
                rows.add(row);
                err.println("bench: " + line(row));
            }
        } finally {
            stop.set(true);
            workers.shutdown();
            workers.awaitTermination(2, TimeUnit.MINUTES);
            channel.shutdownNow();
        }
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("steady", steady);
        report.put("events", rows);
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("concurrency", load.concurrency());
        run.put("replicas", replicas.count());
        run.put("data_share", load.dataShare());
        run.put("warmup_seconds", warmupSeconds);
        run.put("steady_seconds", steadySeconds);
        run.put("settle_seconds", settleSeconds);
        run.put("started_epoch_ms", startedEpochMs);
        report.put("run", run);
        ReportFiles.writeJson(load.out().resolve("report.json"), report);
        ReportFiles.writeJsonLines(load.out().resolve("calls.jsonl"), CallLog.lines(calls));
        StringBuilder md = new StringBuilder("# Chaos report\n\n").append(line(steady)).append("\n\n");
        rows.forEach(row -> md.append("- ").append(line(row)).append('\n'));
        ReportFiles.writeText(load.out().resolve("report.md"), md.toString());
        summary.println(md);
        summary.println("report: " + load.out().resolve("report.json"));
        return 0;
    }

    /**
     * A killed interpreter replica is back in the bench's rotation once the bench has sent it a call; false when it had
     * not after 20 s (the report marks the event, {@link Rejoins}).
     */
    private static boolean awaitRejoined(HeldCalls held, int port) throws InterruptedException {
        long sent = held.sentTo(port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (held.sentTo(port) == sent) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    static int failedCalls(Map<String, Object> row) {
        return ((Map<String, Integer>) row.get("failed")).values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * What the killed interpreter replica held, against the calls the event failed: the "no more than it held".
     * It held what was open on it at the signal and what the bench sent it while it was still dying (its sockets
     * open); a call sent after it was gone, which failed, is one more than it held.
     */
    static Map<String, Object> heldRow(HeldCalls.Counts counts, int failed) {
        Map<String, Object> row = new LinkedHashMap<>();
        int held = counts.held() + counts.sentWhileDying();
        row.put("held_at_signal", counts.held());
        row.put("held_at_signal_failed", counts.heldFailed());
        row.put("dying_ms", counts.dyingMillis());
        row.put("sent_while_dying", counts.sentWhileDying());
        row.put("sent_while_dying_failed", counts.sentWhileDyingFailed());
        row.put("sent_after_gone", counts.sentAfterGone());
        row.put("sent_after_gone_failed", counts.sentAfterGoneFailed());
        row.put("held", held);
        row.put("failed", failed);
        row.put("failed_within_held", failed <= held);
        row.put("failed_within_held_at_signal", failed <= counts.held());
        return row;
    }

    /** The calls that overlapped [from, to]: how many, the failed ones by status, p99 of all of them, and the split. */
    static Map<String, Object> row(String name, double from, double to, Iterable<LoadRun.Call> calls, Map<String, double[]> served) {
        List<LoadRun.Call> during = overlapping(calls, from, to);
        Map<String, Integer> failed = new TreeMap<>();
        Map<String, String> samples = new TreeMap<>();
        during.stream().filter(c -> !c.status().equals("OK")).forEach(c -> {
            failed.merge(c.status(), 1, Integer::sum);
            samples.putIfAbsent(c.status(), String.valueOf(c.message()));
        });
        // An answered call whose stage was degraded had a downstream call fail: counted per service and cause.
        Map<String, Integer> degraded = new TreeMap<>();
        Map<String, String> degradedSamples = new TreeMap<>();
        during.forEach(c -> c.degradations().forEach(d -> {
            String kind = d.substring(0, d.indexOf(':'));
            degraded.merge(kind, 1, Integer::sum);
            degradedSamples.putIfAbsent(kind, d);
        }));
        LatencyStats latency = new LatencyStats(during.stream().mapToDouble(LoadRun.Call::millis).toArray());
        Map<String, Object> split = new LinkedHashMap<>();
        served.forEach((service, replicaCalls) -> {
            double total = 0;
            for (double c : replicaCalls) {
                total += c;
            }
            List<Object> shares = new ArrayList<>();
            for (double c : replicaCalls) {
                shares.add(Map.of("calls", (long) c, "share", total == 0 ? 0.0 : Math.round(c / total * 1000) / 1000.0));
            }
            split.put(service, shares);
        });
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("event", name);
        row.put("from_s", Math.round(from * 10) / 10.0);
        row.put("to_s", Math.round(to * 10) / 10.0);
        row.put("calls", during.size());
        row.put("failed", failed);
        row.put("failure_samples", samples);
        row.put("degraded", degraded);
        row.put("degraded_samples", degradedSamples);
        row.put("p99_ms", Math.round(latency.percentile(99) * 10) / 10.0);
        row.put("throughput_rps", Math.round(during.size() / Math.max(0.001, to - from) * 10) / 10.0);
        row.put("split", split);
        return row;
    }

    /** The calls that overlapped [from, to]. */
    static List<LoadRun.Call> overlapping(Iterable<LoadRun.Call> calls, double from, double to) {
        List<LoadRun.Call> during = new ArrayList<>();
        for (LoadRun.Call call : calls) {
            double began = call.endSecond() - call.millis() / 1000;
            if (call.endSecond() >= from && began <= to) {
                during.add(call);
            }
        }
        return during;
    }

    @SuppressWarnings("unchecked")
    static String line(Map<String, Object> row) {
        StringBuilder split = new StringBuilder();
        ((Map<String, List<Map<String, Object>>>) row.get("split")).forEach((service, shares) -> {
            split.append(service.replace("-svc", "")).append(' ');
            shares.forEach(s -> split.append(String.format(Locale.ROOT, "%.0f%%/", 100 * (Double) s.get("share"))));
            split.setLength(split.length() - 1);
            split.append("; ");
        });
        String line = String.format(Locale.ROOT, "%s (%.0f s): %d calls, failed %s, degraded %s, p99 %.1f ms, %.1f q/s; split %s", row.get("event"),
                (Double) row.get("to_s") - (Double) row.get("from_s"), (Integer) row.get("calls"), row.get("failed"), row.get("degraded"),
                (Double) row.get("p99_ms"), (Double) row.get("throughput_rps"), split);
        if (row.get("killed_replica") instanceof Map<?, ?> killed) {
            line += String.format(Locale.ROOT, "; the killed replica held %s calls at the signal (%s failed) and %s sent to it while"
                            + " it died in %s ms (%s failed); %s were sent after it was gone (%s failed): failed %s <= held %s: %s",
                    killed.get("held_at_signal"), killed.get("held_at_signal_failed"), killed.get("sent_while_dying"),
                    killed.get("dying_ms"), killed.get("sent_while_dying_failed"), killed.get("sent_after_gone"),
                    killed.get("sent_after_gone_failed"), killed.get("failed"), killed.get("held"),
                    Boolean.TRUE.equals(killed.get("failed_within_held")) ? "yes" : "NO");
        }
        return line + AgainstSteady.line(row) + Rejoins.line(row);
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}

package dev.overtone.executor.it;

import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.Limits;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged executor, started with the launcher's JVM options (bin/overtone jvm-options: -Xmx256m, the serial
 * collector, direct memory bounded at 128 MB, as k8s/base/jvm sets them for the pods), runs every memory bomb of
 * corpus/memory-bombs.tsv on both engines at concurrency 8 (tenant demo, the bulkhead's width) while tenant other reads
 * its own databases the whole time: the process stays up, every bomb ends bounded (a cut result flagged
 * truncated, RESOURCE_EXHAUSTED, DEADLINE_EXCEEDED, or refused by the policy's rule unbounded-value) and
 * every call of the other tenant succeeds.
 * The peak heap (GC log: heap in use before each collection; and /q/metrics polled), the peak direct memory (polled)
 * and the JVM options are printed.
 */
class MemoryBombIT {
    /** In 28400-28499, the range given to this module's packaged runs. */
    private static final int PORT = 28413;
    private static final int CONCURRENCY = 8;
    private static final long BOMB_TIMEOUT_MS = 8_000;
    private static final Map<String, String> DATABASES = Map.of("sqlite", "hotels", "pg", "hotels-pg");
    private static final Set<Status.Code> BOUNDED = Set.of(Status.Code.RESOURCE_EXHAUSTED,
            Status.Code.DEADLINE_EXCEEDED);

    /** The policy refuses a builder whose size is above policy.max-built-length before it runs. */
    private static final String REFUSED_UNBOUNDED = "PERMISSION_DENIED refused by rule unbounded-value:";

    private static PackagedExecutor executor;
    private static ManagedChannel channel;

    record Bomb(String engine, String kind, String sql) {
    }

    @BeforeAll
    static void start() throws Exception {
        Map<String, String> config = new TenantDatabasesResource().start();
        executor = PackagedExecutor.start(PORT, config);
        channel = ManagedChannelBuilder.forAddress("localhost", PORT).usePlaintext()
                .maxInboundMessageSize(128 * 1024 * 1024).build();
    }

    @AfterAll
    static void stop() throws Exception {
        if (channel != null) {
            channel.shutdownNow();
        }
        if (executor != null) {
            executor.close();
        }
    }

    @Test
    void theExecutorSurvivesEveryBombAtConcurrencyEightWhileAnotherTenantIsServed() throws Exception {
        List<Bomb> bombs = bombs();
        assertThat(bombs).hasSizeGreaterThanOrEqualTo(40);
        Map<String, Integer> counts = new TreeMap<>();
        bombs.forEach(b -> counts.merge(b.kind() + "/" + b.engine(), 1, Integer::sum));
        System.out.println("memory-bomb corpus per class/engine: " + counts + " (" + bombs.size() + " calls)");

        AtomicBoolean bombing = new AtomicBoolean(true);
        AtomicLong peakPolled = new AtomicLong();
        AtomicLong peakDirect = new AtomicLong();
        AtomicInteger otherCalls = new AtomicInteger();
        List<String> otherFailures = Collections.synchronizedList(new ArrayList<>());
        Thread poller = new Thread(() -> pollMemory(bombing, peakPolled, peakDirect));
        Thread otherTenant = new Thread(() -> otherTenantCalls(bombing, otherCalls, otherFailures));
        poller.start();
        otherTenant.start();

        Map<String, String> outcomes = new ConcurrentHashMap<>();
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(CONCURRENCY);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (Bomb bomb : bombs) {
                running.add(pool.submit(() -> {
                    String outcome = detonate(bomb);
                    outcomes.put(bomb.engine() + " " + bomb.kind() + " " + bomb.sql(), outcome);
                    boolean bounded = outcome.startsWith("ok") || outcome.startsWith(REFUSED_UNBOUNDED)
                            || BOUNDED.stream().anyMatch(code -> outcome.startsWith(code.name() + " "));
                    if (!bounded) {
                        failures.add(bomb.engine() + ": " + outcome + " — " + bomb.sql());
                    }
                }));
            }
            for (Future<?> f : running) {
                f.get(10, TimeUnit.MINUTES);
            }
        } finally {
            bombing.set(false);
            pool.shutdownNow();
            poller.join(10_000);
            otherTenant.join(30_000);
        }
        Map<String, Integer> summary = new TreeMap<>();
        outcomes.values().forEach(o -> summary.merge(o.replaceFirst("^(ok-truncated \\[[^\\]]*\\]|ok|[A-Z_]+) .*$", "$1"),
                1, Integer::sum));
        outcomes.forEach((bomb, outcome) -> System.out.println("  " + outcome.replaceFirst("(.{160}).*", "$1") + "  <- "
                + bomb.replaceFirst("(.{100}).*", "$1")));
        System.out.println("memory-bomb outcomes: " + summary);
        long gcPeak = gcLogPeakMegabytes();
        System.out.printf("executor peak heap: %d MiB in use before a collection (GC log), %.1f MiB polled from"
                + " /q/metrics; peak direct memory %.1f MiB polled; started with %s%n", gcPeak, peakPolled.get() / 1048576.0,
                peakDirect.get() / 1048576.0, String.join(" ", executor.jvm.options()));

        assertThat(executor.process.isAlive()).as("the executor is still up; log " + executor.log).isTrue();
        assertThat(Files.readString(executor.log)).doesNotContain("OutOfMemoryError");
        assertThat(failures).as("every bomb ends bounded " + summary).isEmpty();
        assertThat(otherFailures).as("tenant other's calls during the bombs").isEmpty();
        assertThat(otherCalls.get()).as("tenant other was served during the bombs").isGreaterThan(10);
        assertThat(executor.get("/q/health/ready")).isNotNull();
        // the bombing tenant is served again once its cancelled statements have ended on the server
        for (String database : List.of("hotels", "hotels-pg")) {
            // PostgreSQL may finish a cancelled statement only where it next checks for cancellation (an
            // array's text output does not), so the bound is generous
            assertThat(awaitServed(database, 300)).as("demo/" + database + " after the bombs").isEqualTo("8");
        }
    }

    private static String awaitServed(String database, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        var stub = ExecutorServiceGrpc.newBlockingStub(channel);
        while (true) {
            try {
                return stub.withDeadlineAfter(10, TimeUnit.SECONDS).execute(execute("demo", database,
                        "SELECT count(*) FROM hotels")).getRows(0).getCells(0).getText();
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.DEADLINE_EXCEEDED || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(200);
            }
        }
    }

    private static String detonate(Bomb bomb) {
        var stub = ExecutorServiceGrpc.newBlockingStub(channel).withDeadlineAfter(BOMB_TIMEOUT_MS + 20_000,
                TimeUnit.MILLISECONDS);
        try {
            ExecuteResponse response = stub.execute(execute("demo", DATABASES.get(bomb.engine()), bomb.sql(),
                    Limits.newBuilder().setTimeoutMs(BOMB_TIMEOUT_MS).build()));
            long bytes = response.getRowsList().stream().flatMap(r -> r.getCellsList().stream())
                    .mapToLong(c -> c.getText().getBytes(StandardCharsets.UTF_8).length).sum();
            if (bytes > 4 * 1024 * 1024) {
                return "UNBOUNDED result of " + bytes + " bytes";
            }
            return "ok" + (response.getTruncated() ? "-truncated " + response.getTruncatedByList() : "");
        } catch (StatusRuntimeException e) {
            return e.getStatus().getCode() + " " + e.getStatus().getDescription();
        }
    }

    private static void otherTenantCalls(AtomicBoolean bombing, AtomicInteger calls, List<String> failures) {
        var stub = ExecutorServiceGrpc.newBlockingStub(channel);
        while (bombing.get()) {
            for (String database : List.of("crm", "crm-pg")) {
                try {
                    ExecuteResponse r = stub.withDeadlineAfter(15, TimeUnit.SECONDS)
                            .execute(execute("other", database, "SELECT count(*) FROM customers"));
                    if (!r.getRows(0).getCells(0).getText().equals("5")) {
                        failures.add(database + ": wrong answer " + r.getRows(0));
                    }
                    calls.incrementAndGet();
                } catch (StatusRuntimeException e) {
                    failures.add(database + ": " + e.getStatus());
                }
            }
        }
    }

    private static final Pattern HEAP_LINE = Pattern.compile(
            "jvm_memory_used_bytes\\{[^}]*area=\"heap\"[^}]*\\} ([0-9.E+]+)");
    private static final Pattern DIRECT_LINE = Pattern.compile("jvm_buffer_memory_used_bytes\\{id=\"direct\"\\} ([0-9.E+]+)");

    private static long sum(Pattern line, String metrics) {
        double used = 0;
        Matcher m = line.matcher(metrics);
        while (m.find()) {
            used += Double.parseDouble(m.group(1));
        }
        return (long) used;
    }

    private static void pollMemory(AtomicBoolean running, AtomicLong peakHeap, AtomicLong peakDirect) {
        while (running.get()) {
            try {
                String metrics = executor.get("/q/metrics");
                if (metrics != null) {
                    peakHeap.accumulateAndGet(sum(HEAP_LINE, metrics), Math::max);
                    peakDirect.accumulateAndGet(sum(DIRECT_LINE, metrics), Math::max);
                }
                Thread.sleep(50);
            } catch (Exception e) {
                return;
            }
        }
    }

    /** The largest "NNM->" of the GC log: heap in use when a collection started. */
    private static long gcLogPeakMegabytes() throws Exception {
        if (!Files.exists(executor.gcLog)) {
            return -1;
        }
        Matcher m = Pattern.compile("(\\d+)M->\\d+M").matcher(Files.readString(executor.gcLog));
        long peak = 0;
        while (m.find()) {
            peak = Math.max(peak, Long.parseLong(m.group(1)));
        }
        return peak;
    }

    private static List<Bomb> bombs() throws Exception {
        List<Bomb> bombs = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                MemoryBombIT.class.getClassLoader().getResourceAsStream("corpus/memory-bombs.tsv"),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t", 3);
                String sql = literals(parts[2]);
                for (String engine : parts[0].equals("both") ? List.of("sqlite", "pg") : List.of(parts[0])) {
                    bombs.add(new Bomb(engine, parts[1], sql));
                }
            }
        }
        return bombs;
    }

    private static String literals(String sql) {
        Matcher m = Pattern.compile("\\{\\{LITERAL:(\\d+)}}").matcher(sql);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, "'" + "x".repeat(Integer.parseInt(m.group(1))) + "'");
        }
        m.appendTail(out);
        return out.toString();
    }
}

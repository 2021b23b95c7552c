package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.ClarifyServiceGrpc.ClarifyServiceBlockingStub;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.Reply;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.SessionState;
import dev.overtone.proto.v1.Turn;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Two replicas of every service, as `bin/overtone up --replicas 2` starts them: callers spread their calls over
 * both, a dialogue continues on either clarify-svc replica, and a rolling restart of every service under load
 * fails no call.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicasIT {

    /** Below the ephemeral ports and apart from SuiteIT's 23090 (replica 1 is +100). */
    private static final int PORT_BASE = Integer.getInteger("overtone.it.replicas-port-base", 24090);
    private static final int PG_PORT = Integer.getInteger("overtone.it.replicas-pg-port", 24532);
    private static final int REPLICAS = 2;
    private static final List<String> SERVICES =
            List.of("interpreter-svc", "clarify-svc", "infill-svc", "parser-svc", "executor-svc");
    private static final String SERVED = "grpc_server_processing_duration_seconds_count";

    private LocalSuite suite;
    private ManagedChannel interpreters;

    @BeforeAll
    void up() throws Exception {
        suite = new LocalSuite("it-home-replicas", PORT_BASE, PG_PORT, Map.of());
        suite.overtone(Duration.ofMinutes(2), "down");
        LocalSuite.Result up = suite.overtone(Duration.ofMinutes(6), "up", "--replicas", String.valueOf(REPLICAS));
        assertThat(up.exitCode()).as(up.output()).isZero();
        for (String service : SERVICES) {
            for (int replica = 0; replica < REPLICAS; replica++) {
                assertThat(up.output()).as("status lists %s replica %d", service, replica)
                        .containsPattern(service + "\\s+" + replica + "\\s+localhost:" + suite.port(service, replica) + "\\s.*UP");
            }
        }
        interpreters = suite.balancedChannel("interpreter-svc", REPLICAS);
    }

    @AfterAll
    void down() throws Exception {
        suite.close();
    }

    private static InterpretRequest rating(InterpretOptions options) {
        return InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setQuestion("return the rating of each hotel")
                .addDefaults(CallerDefault.newBuilder().setSql("SELECT name, stars FROM hotels"))
                .addDefaults(CallerDefault.newBuilder().setSql(
                        "SELECT h.name, AVG(r.score) AS rating FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.id, h.name"))
                .setOptions(options).build();
    }

    /**
     * An Interpret through the balanced channel. Wait-for-ready: while one interpreter replica restarts, this
     * client's reconnect backoff may leave it for a moment with no replica READY (bin/overtone restart waits for the
     * services' own callers to rejoin, not for outside clients); the call then waits, within its deadline.
     */
    private InterpretResponse interpret(InterpretOptions options) {
        return InterpreterServiceGrpc.newBlockingStub(interpreters).withDeadlineAfter(30, TimeUnit.SECONDS).withWaitForReady()
                .interpret(rating(options));
    }

    /** Channels to single replicas, closed after the test that made them. */
    private final List<ManagedChannel> singleReplicaChannels = new ArrayList<>();

    /** A stub on a channel of its own to one clarify-svc replica. */
    private ClarifyServiceBlockingStub clarify(int replica) {
        ManagedChannel channel = suite.channel("clarify-svc", replica);
        singleReplicaChannels.add(channel);
        return ClarifyServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    @org.junit.jupiter.api.AfterEach
    void closeClarifyChannels() {
        // An idle client connection would count as a caller bin/overtone restart waits for to reconnect.
        singleReplicaChannels.forEach(ManagedChannel::shutdownNow);
        singleReplicaChannels.clear();
    }

    @Test
    @Order(1)
    void eachReplicaServesAboutHalfOfItsServicesCalls() throws Exception {
        Map<String, double[]> before = served();
        for (int call = 0; call < 60; call++) {
            InterpretResponse answer = interpret(InterpretOptions.getDefaultInstance());
            assertThat(answer.getDegradationsList()).as(answer.toString()).isEmpty();
        }
        Map<String, double[]> after = served();
        for (String service : List.of("interpreter-svc", "infill-svc", "parser-svc", "executor-svc")) {
            double[] calls = new double[REPLICAS];
            for (int replica = 0; replica < REPLICAS; replica++) {
                calls[replica] = after.get(service)[replica] - before.get(service)[replica];
            }
            double total = calls[0] + calls[1];
            assertThat(total).as("%s served calls", service).isGreaterThanOrEqualTo(60);
            assertThat(calls[0] / total).as("%s replica 0's share of %s calls (%s)", service, total, java.util.Arrays.toString(calls))
                    .isBetween(0.3, 0.7);
        }
    }

    /** Calls each replica of each service has served, from its own /q/metrics. */
    private Map<String, double[]> served() throws Exception {
        Map<String, double[]> served = new java.util.HashMap<>();
        for (String service : SERVICES) {
            double[] calls = new double[REPLICAS];
            for (int replica = 0; replica < REPLICAS; replica++) {
                calls[replica] = suite.metric(service, replica, SERVED);
            }
            served.put(service, calls);
        }
        return served;
    }

    @Test
    @Order(2)
    void aDialogueContinuesOnEitherClarifyReplica() {
        // without the tenant's memory: the IT's home keeps PostgreSQL between runs, and the choice an earlier run answered
        // would resolve the dialogue before any question
        InterpretResponse started = interpret(InterpretOptions.newBuilder().setInfill(false).setStartClarification(true)
                .setIgnoreMemory(true).build());
        Turn first = started.getClarification();
        assertThat(first.getSessionId()).as(started.toString()).isNotEmpty();
        assertThat(first.hasQuestion()).as(first.toString()).isTrue();

        for (int replica = 0; replica < REPLICAS; replica++) {
            Session session = clarify(replica).get(GetRequest.newBuilder().setSessionId(first.getSessionId()).build());
            assertThat(session.getCurrent().getNumber()).as("replica %d", replica).isEqualTo(first.getNumber());
        }
        AnswerRequest answer = AnswerRequest.newBuilder().setSessionId(first.getSessionId()).setTurn(first.getNumber())
                .setReply(Reply.newBuilder().setOptionId(first.getQuestion().getOptions(0).getId()))
                .setIdempotencyKey("replicas-it-" + first.getSessionId()).build();
        Turn onOne = clarify(1).answer(answer);
        Turn repeatedOnZero = clarify(0).answer(answer);
        assertThat(repeatedOnZero).as("the same answer repeated on the other replica").isEqualTo(onOne);

        Session onZero = clarify(0).get(GetRequest.newBuilder().setSessionId(first.getSessionId()).build());
        assertThat(onZero.getCurrent()).isEqualTo(onOne);
        assertThat(onZero.getTurnsCount()).as(onZero.toString()).isEqualTo(1);
        assertThat(onZero.getState()).isEqualTo(onOne.hasResolution() ? SessionState.SESSION_STATE_RESOLVED : SessionState.SESSION_STATE_OPEN);
    }

    /** A statement that keeps executor-svc busy for a few seconds (well within its 10 s limit). */
    private static final String SLOW_SQL =
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 6000000) SELECT count(*) FROM c";

    @Test
    @Order(3)
    void aStoppedReplicaReportsNotReadyFinishesItsCallAndTakesNoNewOne() throws Exception {
        ManagedChannel replica = suite.channel("executor-svc", 1);
        singleReplicaChannels.add(replica);
        ExecuteRequest slow = ExecuteRequest.newBuilder().setTenant("demo").setDatabase("hotels").setSql(SLOW_SQL).build();
        CompletableFuture<ExecuteResponse> held = CompletableFuture.supplyAsync(() -> ExecutorServiceGrpc.newBlockingStub(replica)
                .withDeadlineAfter(30, TimeUnit.SECONDS).execute(slow));
        awaitReadiness("executor-svc", 1, r -> r.body().contains("\"calls-in-flight\": 1"), "the slow call in flight");

        ProcessHandle process = ProcessHandle.of(suite.pid("executor-svc-1")).orElseThrow();
        process.destroy(); // SIGTERM
        awaitReadiness("executor-svc", 1, r -> r.statusCode() == 503, "not ready (503) while draining");
        assertThat(held.isDone()).as("the call held is still running while the replica reports not ready").isFalse();

        ExecuteResponse answered = held.get(30, TimeUnit.SECONDS);
        assertThat(answered.getRowsCount()).as(answered.toString()).isEqualTo(1);
        assertThat(process.onExit().get(20, TimeUnit.SECONDS).isAlive()).isFalse();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ExecutorServiceGrpc.newBlockingStub(replica)
                .withDeadlineAfter(5, TimeUnit.SECONDS).execute(slow.toBuilder().setSql("SELECT 1").build()))
                .isInstanceOf(StatusRuntimeException.class);

        LocalSuite.Result up = suite.overtone(Duration.ofMinutes(3), "up");
        assertThat(up.exitCode()).as(up.output()).isZero();
    }

    /** Polls a replica's /q/health/ready (every 50 ms, at most 20 s) until its answer matches. */
    private void awaitReadiness(String service, int replica, java.util.function.Predicate<HttpResponse<String>> condition,
            String what)
            throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
        URI uri = URI.create("http://localhost:" + suite.httpPort(service, replica) + "/q/health/ready");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> answer = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.ofString());
                last = answer.statusCode() + " " + answer.body();
                if (condition.test(answer)) {
                    return;
                }
            } catch (java.io.IOException e) {
                last = e.toString();
            }
            Thread.sleep(50);
        }
        throw new AssertionError(what + ": " + service + " replica " + replica + " never answered so; last: " + last);
    }

    @Test
    @Order(4)
    void aRollingRestartOfEveryServiceUnderLoadFailsNoCall() throws Exception {
        int clients = 4;
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger answered = new AtomicInteger();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Degradation> degraded = new ConcurrentLinkedQueue<>();
        ExecutorService load = Executors.newFixedThreadPool(clients);
        List<java.util.concurrent.Future<?>> running = new ArrayList<>();
        for (int client = 0; client < clients; client++) {
            running.add(load.submit(() -> {
                while (!stop.get()) {
                    try {
                        InterpretResponse answer = interpret(InterpretOptions.getDefaultInstance());
                        answered.incrementAndGet();
                        if (answer.getDegradationsCount() > 0) {
                            degraded.addAll(answer.getDegradationsList());
                        }
                    } catch (RuntimeException e) {
                        failures.add(e.toString());
                    }
                }
            }));
        }
        try {
            List<String> restart = new ArrayList<>(List.of("restart"));
            restart.addAll(List.of("executor-svc", "parser-svc", "clarify-svc", "infill-svc", "interpreter-svc"));
            LocalSuite.Result restarted = suite.overtone(Duration.ofMinutes(8), restart.toArray(String[]::new));
            // A replica whose callers had not reconnected when the next one was stopped: any call lost after says why.
            assertThat(restarted.output().lines().filter(line -> line.contains("not back in its callers' rotation")))
                    .as("replicas not back in their callers' rotation before the next was stopped (launcher output:%n%s)",
                            restarted.output()).isEmpty();
            assertThat(restarted.exitCode()).as(restarted.output()).isZero();
            assertThat(restarted.output()).contains("restarted interpreter-svc-1");
        } finally {
            stop.set(true);
            load.shutdown();
            assertThat(load.awaitTermination(2, TimeUnit.MINUTES)).isTrue();
        }
        for (java.util.concurrent.Future<?> client : running) {
            client.get();
        }
        List<Degradation> slow = degraded.stream().filter(d -> d.getCause() == DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED).toList();
        List<Degradation> failedDownstream = degraded.stream().filter(d -> !slow.contains(d)).toList();
        System.out.printf("rolling restart: %d calls answered, %d failed; stages degraded: %d by a downstream call that failed, %d by one"
                + " that did not answer within its stage's budget: %s%n", answered.get(), failures.size(), failedDownstream.size(), slow.size(), slow);
        // Issue 33's goal: no failed call, and no downstream call lost either (one that failed degrades its stage). A
        // stage whose downstream call was slower than its budget is not a lost call: on this shared 2-core machine the
        // restarted JVMs are slow (their p99 is what bench chaos measures), so those are printed, not failed on.
        assertThat(failures).as("failed calls during the rolling restart, of %d", answered.get() + failures.size()).isEmpty();
        assertThat(failedDownstream).as("stages degraded by a failed downstream call during the rolling restart, of %d answers",
                answered.get()).isEmpty();
        assertThat(answered.get()).as("calls answered during the rolling restart").isGreaterThan(20);
    }
}

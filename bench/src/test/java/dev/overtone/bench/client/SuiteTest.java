package dev.overtone.bench.client;

import static dev.overtone.bench.client.StandInSuite.interpreter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.sun.net.httpserver.HttpServer;

import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;

/**
 * The suite as the bench's client of it: a stub per service on that service's address with the deadline given, the real
 * interpreter-svc's answer as it sent it (recorded), answers beyond gRPC's default 4 MiB, failures as the call's status,
 * and readiness (starting the suite with the launcher when allowed).
 */
class SuiteTest {
    /** Long enough that a failure waited out to it shows; a test that does not wait it out is done long before. */
    private static final Duration LONG_WAIT = Duration.ofSeconds(30);

    @TempDir
    Path tmp;
    private Path home;
    private Path upMarker;

    @BeforeEach
    void paths() {
        home = tmp.resolve("home");
        upMarker = tmp.resolve("up");
    }

    private final Deque<AutoCloseable> opened = new ArrayDeque<>();
    private final CountDownLatch release = new CountDownLatch(1);
    private final RecordedInterpreter recorded = new RecordedInterpreter();

    @AfterEach
    void close() throws Exception {
        release.countDown();
        for (AutoCloseable c : opened) {
            c.close();
        }
        recorded.assertEveryCallRecorded();
    }

    @Test
    void eachStubCallsItsOwnServiceWithTheDeadlineGivenAndGetsTheAnswerAsTheServiceSentIt() throws Exception {
        Deadline[] seen = new Deadline[2];
        StandInSuite interpreterSvc = open(StandInSuite.serving(interpreter(r -> {
            seen[0] = Context.current().getDeadline();
            return recorded.answer(r);
        })));
        StandInSuite clarifySvc = open(StandInSuite.serving(new ClarifyServiceGrpc.ClarifyServiceImplBase() {
            @Override
            public void start(StartRequest request, StreamObserver<Turn> out) {
                seen[1] = Context.current().getDeadline();
                out.onNext(Turn.newBuilder().setSessionId("s1").build());
                out.onCompleted();
            }
        }));
        Suite suite = open(new Suite(Endpoint.parse(interpreterSvc.address(), 0), Endpoint.parse(clarifySvc.address(), 0)));

        assertThat(suite.interpreter(30_000).interpret(RecordedInterpreter.request("interpret.stars.json")))
                .isEqualTo(RecordedInterpreter.recorded("interpret.stars.json"));
        assertThat(suite.clarify(3_000).start(StartRequest.getDefaultInstance()).getSessionId()).isEqualTo("s1");

        assertThat(seen[0].timeRemaining(TimeUnit.MILLISECONDS)).isBetween(20_000L, 30_000L);
        assertThat(seen[1].timeRemaining(TimeUnit.MILLISECONDS)).isBetween(0L, 3_000L);
    }

    @Test
    void anAnswerBeyondGrpcsDefaultFourMegabytesIsReceived() throws Exception {
        String text = "x".repeat(5 * 1024 * 1024);
        Suite suite = open(open(StandInSuite.serving(interpreter(r -> InterpretResponse.newBuilder()
                .addInterpretations(Interpretation.newBuilder().setText(text)).build()))).suite());

        assertThat(suite.interpreter(30_000).interpret(InterpretRequest.getDefaultInstance()).getInterpretations(0).getText()).hasSize(text.length());
    }

    @Test
    void aFailureIsTheCallsStatusAnUnansweredCallEndsAtItsDeadlineAndAClosedSuiteCallsNoMore() throws Exception {
        StandInSuite standIn = open(StandInSuite.serving(interpreter(r -> {
            if (r.getQuestion().equals("hold")) {
                awaitRelease();
                return InterpretResponse.getDefaultInstance();
            }
            return recorded.answer(r);
        })));
        Suite suite = standIn.suite();

        // the real service refuses a tenant it does not know: the call fails with that status, as recorded
        assertThatThrownBy(() -> suite.interpreter(30_000).interpret(RecordedInterpreter.request("interpret.unknown-tenant.json")))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND));
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThatThrownBy(() -> suite.interpreter(300)
                .interpret(InterpretRequest.newBuilder().setQuestion("hold").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED)));
        suite.close();
        assertThatThrownBy(() -> suite.clarify(30_000).start(StartRequest.getDefaultInstance()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE));
    }

    @Test
    void theSuiteIsReadyOnlyWhenEveryEndpointAnswersItsProbeWith200() throws Exception {
        Endpoint up = open(StandInSuite.serving()).suiteOptions().interpreterEndpoint();
        Endpoint starting = probe(() -> 503);
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        Endpoint gone = new Endpoint("localhost", 1, closed);

        assertThat(Suite.ready(List.of(up, up))).isTrue();
        assertThat(Suite.ready(List.of(up, starting))).isFalse();
        assertThat(Suite.ready(List.of(gone, up))).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "            | true  | suite is up ([localhost:1]) |",
            "touch       | true  | suite was not running; started it with 'LAUNCHER up' (its output: LOG) | starting the suiteNLPostgreSQL readyNL",
            "touch       | false | the suite is not reachable at [localhost:1] (readiness [READY]); start it with 'bin/overtone up' |",
            "none        | true  | the suite is not reachable at [localhost:1] (readiness [READY]); start it with 'bin/overtone up' (no launcher found at LAUNCHER) |",
            "exit 0      | true  | the suite did not become ready at [localhost:1] within 1 s after 'bin/overtone up'; it wrote nothing to LOG |",
            "echo interpreter-svc exited during start >&2; exit 0 | true | the suite did not become ready at [localhost:1] within 1 s after 'bin/overtone up'; its output, in LOG, ends:NL  interpreter-svc exited during start | interpreter-svc exited during startNL",
            "echo waiting for PostgreSQL; exec sleep 30 | true | 'LAUNCHER up' did not finish within 1 s; its output, in LOG, ends:NL  waiting for PostgreSQL | waiting for PostgreSQLNL"})
    void aSuiteThatIsDownIsStartedWithTheLauncherOnlyWhenAllowedAndAwaitedForAtMostTheWaitGivenItsOutputInItsLog(
            String launches, boolean mayStart, String said, String printed) throws Exception {
        Suite.Launcher launcher = new Suite.Launcher(tmp.resolve("overtone"), home);
        Path log = launcher.log();
        String earlier = "an earlier start's line" + System.lineSeparator();
        if (launches != null && !launches.equals("none")) {
            standInLauncher(launches.equals("touch")
                    ? "echo starting the suite; echo PostgreSQL ready >&2; [ \"$1\" = up ] && touch '" + upMarker + "'" : launches);
            Files.createDirectories(log.getParent());
            Files.writeString(log, earlier);
        }
        if (launches == null) {
            Files.writeString(upMarker, ""); // the suite is up before the bench asks
        }
        Endpoint endpoint = upOnceMarked();
        String expected = said.replace("LAUNCHER", launcher.path().toString()).replace("READY", endpoint.readinessUri())
                .replace("LOG", log.toString()).replace("NL", System.lineSeparator());
        StringWriter err = new StringWriter();
        PrintWriter errWriter = new PrintWriter(err, true);

        if (expected.startsWith("suite ")) {
            assertThat(Suite.ensureUp(List.of(endpoint), mayStart, launcher, Duration.ofSeconds(1), errWriter)).isEqualTo(expected);
        } else {
            assertThatThrownBy(() -> Suite.ensureUp(List.of(endpoint), mayStart, launcher, Duration.ofSeconds(1), errWriter))
                    .isInstanceOf(Suite.SuiteUnavailableException.class).hasMessage(expected);
            assertThat(upMarker).doesNotExist();
        }
        boolean launched = launches != null && !launches.equals("none") && mayStart;
        assertThat(err.toString()).as("said on stderr before the launcher runs, and only then").isEqualTo(launched
                ? startingLine(launcher) : "");
        if (launched) {
            assertThat(log).as("the launcher's stdout and stderr, after what the log held").hasContent(earlier + (printed == null ? "" : printed.replace("NL", "\n")));
        }
    }

    @Test
    void aLauncherThatFailsIsToldAtOnceWithItsExitStatusAndLastLineNotWaitedOutToTheWaitGiven() throws Exception {
        Suite.Launcher launcher = new Suite.Launcher(standInLauncher("echo overtone: PostgreSQL did not start >&2; exit 1"), home);
        Endpoint endpoint = upOnceMarked();

        // a failure waited out would throw only after the 30 s wait, and say the suite did not become ready
        assertTimeoutPreemptively(LONG_WAIT.dividedBy(2), () -> assertThatThrownBy(
                () -> Suite.ensureUp(List.of(endpoint), true, launcher, LONG_WAIT, new PrintWriter(new StringWriter())))
                .isInstanceOf(Suite.SuiteUnavailableException.class)
                .hasMessage("'" + launcher.path() + " up' failed with exit status 1; its output, in " + launcher.log() + ", ends:"
                        + System.lineSeparator() + "  overtone: PostgreSQL did not start"));
    }

    @Test
    void aSuiteTheLauncherFindsAlreadyRunningIsWaitedForUntilItIsReady() throws Exception {
        // bin/overtone up refuses (3) while a suite of another replica count runs; that suite, restarting, becomes ready
        Suite.Launcher launcher = new Suite.Launcher(standInLauncher("touch '" + upMarker + "'; exit 3"), home);
        StringWriter err = new StringWriter();

        String said = Suite.ensureUp(List.of(upOnceMarked()), true, launcher, LONG_WAIT, new PrintWriter(err, true));

        assertThat(said).isEqualTo("suite was not ready; waited for the one already running with '" + launcher.path()
                + " up' (its output: " + launcher.log() + ")");
        assertThat(err).hasToString(startingLine(launcher) + "bench: '" + launcher.path()
                + " up' says a suite already runs (exit status 3); waiting for it to be ready" + System.lineSeparator());
    }

    @Test
    void theLauncherRunsInTheBenchsOvertoneHomeWhateverTheBenchsEnvironmentSays() throws Exception {
        Path seen = tmp.resolve("launcher-home");
        Suite.Launcher launcher = new Suite.Launcher(standInLauncher(
                "printf %s \"$OVERTONE_HOME\" > '" + seen + "'; touch '" + upMarker + "'"), home);

        Suite.ensureUp(List.of(upOnceMarked()), true, launcher, LONG_WAIT, new PrintWriter(new StringWriter()));

        assertThat(seen).hasContent(home.toString());
    }

    /** The launcher at tmp/overtone, a shell script running {@code script}. */
    private Path standInLauncher(String script) throws IOException {
        Path launcher = tmp.resolve("overtone");
        Files.writeString(launcher, "#!/bin/sh\n" + script + "\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
        return launcher;
    }

    /** What the bench says on stderr as it runs the launcher. */
    private static String startingLine(Suite.Launcher launcher) {
        return "bench: suite not reachable at [localhost:1]; starting it with '" + launcher.path() + " up' (its output: "
                + launcher.log() + ")" + System.lineSeparator();
    }

    /** An endpoint that is ready once {@link #upMarker} exists (a stand-in launcher's suite has started). */
    private Endpoint upOnceMarked() throws IOException {
        return probe(() -> Files.exists(upMarker) ? 200 : 503);
    }

    /** An endpoint whose readiness probe answers {@code status}'s code. */
    private Endpoint probe(IntSupplier status) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
        http.createContext("/q/health/ready", exchange -> {
            exchange.sendResponseHeaders(status.getAsInt(), -1);
            exchange.close();
        });
        http.start();
        opened.push(() -> http.stop(0));
        return new Endpoint("localhost", 1, http.getAddress().getPort());
    }

    private void awaitRelease() {
        try {
            release.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private <T extends AutoCloseable> T open(T closeable) {
        opened.push(closeable);
        return closeable;
    }
}

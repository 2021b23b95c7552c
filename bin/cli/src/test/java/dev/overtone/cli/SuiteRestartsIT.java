package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** The packaged suite when a service is killed or restarted: failures said within the deadline, and recovery without restarting its callers. */
class SuiteRestartsIT extends AgainstLocalSuite {

    @Test
    @Order(0)
    void executorDownIsUnavailableWithinTheDeadlineAndRecoversWithoutRestartingTheInterpreter() throws Exception {
        long interpreterPid = suite.pid("interpreter-svc");
        suite.kill("executor-svc");

        long started = System.nanoTime();
        assertThatThrownBy(() -> interpreter(10).interpret(rating(STARS_SQL, REVIEW_SQL)))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
                    assertThat(e.getStatus().getDescription()).contains("executor-svc");
                });
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(11));

        LocalSuite.Result up = suite.overtone(Duration.ofMinutes(3), "up");
        assertThat(up.exitCode()).as(up.output()).isZero();
        startedPids.add(suite.pid("executor-svc"));
        assertThat(suite.pid("interpreter-svc")).isEqualTo(interpreterPid);
        InterpretResponse answer = interpreter(30).interpret(rating(STARS_SQL, REVIEW_SQL));
        assertThat(answer.getInterpretationsCount()).isGreaterThanOrEqualTo(2);
    }

    @Test
    @Order(1)
    void aDialogueSurvivesAHardRestartOfClarify() throws Exception {
        InterpretResponse answer = interpreter(30).interpret(rating(STARS_SQL, REVIEW_SQL).toBuilder()
                .setOptions(InterpretOptions.newBuilder().setInfill(false).setStartClarification(true)).build());
        String sessionId = answer.getClarification().getSessionId();
        assertThat(sessionId).as(answer.toString()).isNotEmpty();

        suite.kill("clarify-svc");
        LocalSuite.Result up = suite.overtone(Duration.ofMinutes(3), "up");
        assertThat(up.exitCode()).as(up.output()).isZero();
        startedPids.add(suite.pid("clarify-svc"));

        Session session = ClarifyServiceGrpc.newBlockingStub(suite.channel("clarify-svc"))
                .withDeadlineAfter(30, TimeUnit.SECONDS).get(GetRequest.newBuilder().setSessionId(sessionId).build());
        assertThat(session.getQuestion()).isEqualTo(RATING);
        assertThat(session.getCandidatesCount()).isEqualTo(2);
        assertThat(session.getCurrent().getNumber()).isEqualTo(answer.getClarification().getNumber());
    }

    @Test
    @Order(2)
    void aParserRestartIsSaidInTheContractAndCostsNoReadingOnceItIsBack() throws Exception {
        suite.kill("parser-svc");
        InterpretResponse degraded = interpreter(30).interpret(rating(STARS_SQL));
        assertThat(degraded.getOutcome()).as(degraded.toString()).isEqualTo(Outcome.OUTCOME_INCOMPLETE);
        assertThat(degraded.getDegradationsList()).as(degraded.toString()).anySatisfy(d -> {
            assertThat(d.getStage()).isIn(Stage.STAGE_INFILL, Stage.STAGE_INFILL_STRUCTURAL);
            assertThat(d.getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE);
            assertThat(d.getService()).isEqualTo("parser-svc");
        });

        LocalSuite.Result up = suite.overtone(Duration.ofMinutes(3), "up");
        assertThat(up.exitCode()).as(up.output()).isZero();
        startedPids.add(suite.pid("parser-svc"));
        InterpretResponse whole = interpreter(30).interpret(rating(STARS_SQL));
        assertThat(whole.getDegradationsList()).as(whole.toString()).isEmpty();
        assertThat(whole.getOutcome()).isIn(Outcome.OUTCOME_AMBIGUOUS, Outcome.OUTCOME_ANSWERABLE);
        assertThat(whole.getInterpretationsList()).anySatisfy(
                reading -> assertThat(reading.getSource()).isEqualTo(Source.SOURCE_INFILL_STRUCTURAL));
    }

    /**
     * A service's first run after a build records its start-up cache (bin/overtone, "Time to ready"); the drain of a
     * restart writes it as the process exits, and the new process maps it: a JDK 25 AOT cache or, on 17, a class
     * archive. A cache the JVM refused would be a warning in the service's log, and the service would start without it.
     */
    @Test
    @Order(3)
    void aRestartedReplicaStartsFromTheCacheItsFirstRunRecorded() throws Exception {
        Path log = suite.home.resolve("logs/executor-svc.log");
        long logBefore = Files.size(log);
        LocalSuite.Result restarted = suite.overtone(Duration.ofMinutes(4), "restart", "executor-svc");
        assertThat(restarted.exitCode()).as(restarted.output()).isZero();
        startedPids.add(suite.pid("executor-svc"));

        List<String> arguments = ProcessHandle.of(suite.pid("executor-svc")).flatMap(process -> process.info().arguments())
                .map(List::of).orElseThrow();
        String cacheOption = arguments.stream().filter(a -> a.startsWith("-XX:AOTCache=") || a.startsWith("-XX:SharedArchiveFile="))
                .findFirst().orElseThrow(() -> new AssertionError("no start-up cache among the JVM options " + arguments));
        Path cache = Path.of(cacheOption.substring(cacheOption.indexOf('=') + 1));
        assertThat(cache).isRegularFile().startsWith(suite.checkout.resolve("executor-svc/target/quarkus-app"));
        assertThat(Files.size(cache)).isGreaterThan(1_000_000L);

        String since;
        try (var in = Files.newInputStream(log)) {
            in.skipNBytes(logBefore);
            since = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertThat(since.lines().filter(line -> line.matches(".*\\[(warning|error)\\]\\[(aot|cds)\\].*")))
                .as("the JVM's complaints about the start-up cache").isEmpty();

        // It serves: the first call of a new process, so a deadline for a loaded machine.
        dev.overtone.proto.v1.ExecuteResponse rows = dev.overtone.proto.v1.ExecutorServiceGrpc.newBlockingStub(suite.channel("executor-svc"))
                .withDeadlineAfter(30, TimeUnit.SECONDS).execute(dev.overtone.proto.v1.ExecuteRequest.newBuilder()
                        .setTenant("demo").setDatabase("hotels").setSql(STARS_SQL).build());
        assertThat(rows.toString()).contains("Grand");
    }
}

package dev.overtone.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.Source;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** The packaged suite answering: readings, the demo and exec commands, refusals, one trace per call, cancellation. */
class SuiteIT extends AgainstLocalSuite {

    @Test
    @Order(0)
    void theFirstAnswerAfterUpIsTheHundredth() {
        InterpretResponse first = interpreter(30).interpret(rating(STARS_SQL));
        InterpretResponse hundredth = first;
        for (int call = 2; call <= 100; call++) {
            hundredth = interpreter(30).interpret(rating(STARS_SQL));
        }
        assertThat(readings(first)).as(first.toString()).hasSizeGreaterThanOrEqualTo(2).isEqualTo(readings(hundredth));
        assertThat(first.getDegradationsList()).as(first.toString()).isEmpty();
        assertThat(first.getWarningsList()).as(first.toString()).noneMatch(w -> w.contains("did not answer"));
    }

    private static Set<String> readings(InterpretResponse answer) {
        return answer.getInterpretationsList().stream().map(i -> i.getSource() + " " + i.getSql()).collect(Collectors.toSet());
    }

    @Test
    @Order(1)
    void demoPrintsTwoReadingsWithPreviews() throws Exception {
        LocalSuite.Result demo = suite.overtone(Duration.ofMinutes(3), "demo");
        assertThat(demo.exitCode()).as(demo.output()).isZero();
        assertThat(demo.output()).contains("[i1]", "[i2]", "Grand Plaza", "from your SQL",
                "found by Overtone").doesNotContain("degraded", "did not answer", "timed out");
    }

    @Test
    @Order(2)
    void sameAnswerIsOneReadingWithItsParaphrase() {
        InterpretResponse answer = interpreter(30).interpret(rating(STARS_SQL, REVIEW_SQL,
                "SELECT hotels.name AS hotel, hotels.stars AS rating FROM hotels WHERE hotels.stars > 0"));
        List<Interpretation> callerReadings = answer.getInterpretationsList().stream()
                .filter(reading -> reading.getSource() == Source.SOURCE_CALLER).toList();
        assertThat(callerReadings).hasSize(2);
        assertThat(callerReadings).anySatisfy(reading -> assertThat(reading.getParaphrasesCount()).isEqualTo(1));
        assertThat(callerReadings).allSatisfy(reading -> {
            assertThat(reading.getPreview().getRowCount()).isEqualTo(8);
            assertThat(reading.getPreview().getRowsCount()).isPositive();
            assertThat(reading.getFingerprint()).isNotEmpty();
        });
        double total = answer.getInterpretationsList().stream().mapToDouble(Interpretation::getProbability).sum();
        assertThat(total).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    @Order(3)
    void structuralInfillFindsTheOtherReadingOfOneCallerSql() {
        InterpretResponse answer = interpreter(30).interpret(rating(STARS_SQL));
        assertThat(answer.getInterpretationsCount()).as(answer.toString()).isGreaterThanOrEqualTo(2);
        assertThat(answer.getInterpretationsList())
                .anySatisfy(reading -> {
                    assertThat(reading.getSource()).isEqualTo(Source.SOURCE_INFILL_STRUCTURAL);
                    assertThat(reading.getSql()).containsIgnoringCase("score");
                });
    }

    @Test
    @Order(4)
    void aReadingThatFailsOnATermTheSchemaCannotGroundIsAFailureNotUnanswerable() {
        InterpretResponse answer = interpreter(30).interpret(InterpretRequest.newBuilder()
                .setTenant("demo").setDatabase("hotels").setQuestion("return the churn risk of each hotel")
                .addDefaults(CallerDefault.newBuilder().setSql("SELECT name, churn_risk FROM hotels"))
                .build());
        // the question names hotels, which the schema has: no evidence that it cannot be answered
        assertThat(answer.getOutcome()).as(answer.toString()).isEqualTo(Outcome.OUTCOME_FAILED);
        assertThat(String.join(" ", answer.getAmbiguity().getUngroundedTermsList())).contains("churn");
        assertThat(answer.getFailuresCount()).isEqualTo(1);
    }

    @Test
    @Order(5)
    void withoutAnLlmAQuestionWithoutSqlIsAFailedPrecondition() {
        assertThatThrownBy(() -> interpreter(30).interpret(InterpretRequest.newBuilder()
                .setTenant("demo").setDatabase("hotels").setQuestion(RATING).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
                    assertThat(e.getStatus().getDescription()).containsIgnoringCase("LLM").containsIgnoringCase("SQL");
                });
    }

    @Test
    @Order(6)
    void unknownTenantIsNotFound() {
        assertThatThrownBy(() -> interpreter(30).interpret(InterpretRequest.newBuilder()
                .setTenant("nobody").setDatabase("hotels").setQuestion(RATING)
                .addDefaults(CallerDefault.newBuilder().setSql(STARS_SQL)).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND));
    }

    @Test
    @Order(7)
    void execCliReportsEveryLine() throws Exception {
        Path lines = suite.home.resolve("statements.jsonl");
        Files.writeString(lines, """
                {"sql": "SELECT COUNT(*) FROM hotels"}
                {"sql": "DELETE FROM hotels"}
                {"sql": "SELECT * FROM customers"}
                """);
        LocalSuite.Result exec = suite.overtone(Duration.ofMinutes(1), "exec", "--tenant", "demo", "--db", "hotels",
                "--jsonl", lines.toString());
        assertThat(exec.exitCode()).as(exec.output()).isZero();
        List<String> results = exec.output().lines().filter(line -> line.startsWith("{")).toList();
        assertThat(results).hasSize(3);
        assertThat(results.get(0)).contains("\"status\":\"OK\"", "\"rows\":1");
        assertThat(results.get(1)).contains("\"status\":\"PERMISSION_DENIED\"");
        assertThat(results.get(2)).doesNotContain("\"status\":\"OK\"");
    }

    @Test
    @Order(8)
    void oneInterpretIsOneTraceAcrossTheServices() throws Exception {
        Set<String> earlierTraces = spanReceiver.spans().stream()
                .map(SpanReceiver.ReceivedSpan::traceId).collect(Collectors.toSet());
        interpreter(30).interpret(rating(STARS_SQL));

        Set<String> expected = Set.of("interpreter-svc", "executor-svc", "parser-svc", "infill-svc");
        Set<String> stageSpans = Set.of("stage schema", "stage execute", "stage infill");
        // Spans arrive in batches from five processes: wait (bounded) until the whole trace asserted below is in.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        Map<String, Set<String>> servicesByTrace = newTraces(earlierTraces);
        while (System.nanoTime() < deadline && !servicesByTrace.entrySet().stream().anyMatch(trace ->
                trace.getValue().containsAll(expected) && spanNames(trace.getKey()).containsAll(stageSpans))) {
            Thread.sleep(100);
            servicesByTrace = newTraces(earlierTraces);
        }
        List<String> interpretTraces = servicesByTrace.entrySet().stream()
                .filter(trace -> trace.getValue().contains("interpreter-svc")).map(Map.Entry::getKey).toList();
        assertThat(interpretTraces).as("traces the interpreter took part in, services per trace: %s", servicesByTrace)
                .hasSize(1);
        String traceId = interpretTraces.get(0);
        assertThat(servicesByTrace.get(traceId)).containsAll(expected);
        assertThat(spanNames(traceId)).as("a span per stage of the interpreter").containsAll(stageSpans);
    }

    private Map<String, Set<String>> newTraces(Set<String> earlierTraces) {
        return spanReceiver.spans().stream()
                .filter(span -> !earlierTraces.contains(span.traceId()))
                .collect(Collectors.groupingBy(SpanReceiver.ReceivedSpan::traceId,
                        Collectors.mapping(SpanReceiver.ReceivedSpan::service, Collectors.toSet())));
    }

    private Set<String> spanNames(String traceId) {
        return spanReceiver.spans().stream().filter(span -> span.traceId().equals(traceId))
                .map(SpanReceiver.ReceivedSpan::name).collect(Collectors.toSet());
    }

    @Test
    @Order(9)
    void aCancelledCallNeverHarmsTheNextOneFromAForeignClient() throws Exception {
        TransportClient.Report report = TransportClient.run(suite, 30);
        assertThat(report.followUpsOk()).as(report.json()).containsOnly(
                Map.entry("Interpret", 30), Map.entry("StreamInterpret", 30), Map.entry("Answer", 30),
                Map.entry("Execute", 30), Map.entry("ExecuteAfterRstNoError", 30));
        assertThat(report.allGood()).as(report.json()).isTrue();
    }

    @Test
    @Order(10)
    void aCancelledInterpretStopsItsWorkAndSaysSo() throws Exception {
        double before = suite.metric("interpreter-svc", "overtone_interpret_abandoned_total");
        double after = before;
        // The client goes away a little later each round, until one round catches the pipeline mid-way
        // (bounded: at most 20 rounds, up to 400 ms in).
        java.util.concurrent.ExecutorService caller = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            for (int round = 1; round <= 20 && after <= before; round++) {
                io.grpc.Context.CancellableContext call = io.grpc.Context.current().withCancellation();
                var answer = caller.submit(() -> call.call(() -> interpreter(30).interpret(rating(STARS_SQL))));
                Thread.sleep(20L * round);
                call.cancel(null);
                try {
                    answer.get(30, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException cancelledOrFinished) {
                    // cancelled before the answer: the case this test is after
                }
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                do {
                    after = suite.metric("interpreter-svc", "overtone_interpret_abandoned_total");
                } while (after <= before && System.nanoTime() < until && pause());
            }
        } finally {
            caller.shutdownNow();
        }
        assertThat(after).as("abandoned Interpret calls counted by the interpreter").isGreaterThan(before);
    }

    private static boolean pause() throws InterruptedException {
        Thread.sleep(50);
        return true;
    }

}

package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.fake.Scenario;
import dev.overtone.interpreter.ranking.RankingWeights;
import dev.overtone.proto.v1.AmbiguousSlot;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InterpretEvent;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageFinished;
import dev.overtone.proto.v1.StageStarted;
import dev.overtone.proto.v1.StageTiming;
import dev.overtone.proto.v1.StatusCode;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Interpret and StreamInterpret against fake executor, parser, infill and clarify services, without an LLM. */
@QuarkusTest
class InterpreterGrpcServiceTest {
    private static final String RATING = "return the rating of each hotel";
    /** The stages' names in metric labels and the string stage fields, as they have always been: dashboards read them. */
    static final Map<Stage, String> STAGE_NAMES = Map.of(Stage.STAGE_SCHEMA, "schema", Stage.STAGE_DEFAULTS, "defaults",
            Stage.STAGE_PARSE, "parse", Stage.STAGE_EXECUTE, "execute", Stage.STAGE_REPAIR, "repair", Stage.STAGE_INFILL, "infill",
            Stage.STAGE_ANALYZE, "analyze", Stage.STAGE_VERBALIZE, "verbalize", Stage.STAGE_CLARIFY, "clarify");

    @GrpcClient("interpreter")
    InterpreterServiceGrpc.InterpreterServiceBlockingStub interpreter;

    @AfterEach
    void everyParserCallWasAnsweredFromARecording() {
        Scenario.assertEveryParserCallRecorded();
    }

    @BeforeEach
    void reset() {
        Scenario.reset();
    }

    private static String metrics() {
        return io.restassured.RestAssured.given().get("/q/metrics").then().statusCode(200).extract().asString();
    }

    private InterpretResponse ask(InterpretRequest request) {
        return interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).interpret(request);
    }

    private static InterpretRequest.Builder rating(String... sql) {
        InterpretRequest.Builder b = InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels").setQuestion(RATING);
        for (String s : sql) {
            b.addDefaults(CallerDefault.newBuilder().setSql(s));
        }
        return b;
    }

    @Test
    void aFailedInfillIsATypedDegradationAndOneReadingIsThenIncompleteNotAnswerable() {
        Scenario.infillFailure = Status.UNAVAILABLE.withDescription("connection refused");

        InterpretResponse answer = ask(rating(Hotels.STARS).setOptions(InterpretOptions.newBuilder().setStartClarification(true)).build());

        assertThat(answer.getInterpretationsCount()).isEqualTo(1);
        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_INCOMPLETE);
        assertThat(answer.getDegradationsList()).singleElement().satisfies(d -> {
            assertThat(d.getStage()).isEqualTo(Stage.STAGE_INFILL);
            assertThat(d.getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE);
            assertThat(d.getService()).isEqualTo("infill-svc");
            assertThat(d.getMessage()).contains("infill-svc is unavailable");
        });
        assertThat(Scenario.clarifyIncomplete).as("clarify-svc told the set is incomplete").isTrue();
    }

    @Test
    void moreCallerDefaultsThanTheAbuseBoundAreRefusedNamingTheLimit() {
        InterpretRequest.Builder many = rating();
        for (int i = 0; i < 1001; i++) {
            many.addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS + " WHERE stars > " + i));
        }
        assertThatThrownBy(() -> ask(many.build())).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).contains("1001 caller defaults", "limit is 1000",
                    "overtone.interpreter.limits.max-defaults", "send at most that many");
        });
        assertThat(Scenario.describeCalls).as("refused before any downstream call").hasValue(0);
    }

    /** A model sampled many times: 150 candidates, most of them the same few SQLs written differently. */
    @Test
    void aHundredAndFiftySampledCandidatesAreAnsweredWithEveryRepeatAsAVote() {
        InterpretResponse answer = ask(CandidateCutTest.sampled(150).setOptions(InterpretOptions.newBuilder().setInfill(false)).build());

        assertThat(answer.getInterpretationsList()).extracting(Interpretation::getFingerprint)
                .containsExactlyInAnyOrder("fp-stars", "fp-names", "fp-score");
        int routes = answer.getInterpretationsList().stream().mapToInt(i -> 1 + i.getParaphrasesCount()).sum();
        assertThat(routes).as("every candidate is a route to its reading").isEqualTo(150);
        assertThat(answer.getDegradationsList()).isEmpty();
        assertThat(Scenario.executeBatches.stream().mapToInt(List::size).sum())
                .as("each distinct SQL executed once: stars, names, the paraphrase, score").isEqualTo(4);
    }

    @Test
    void theAbuseBoundItselfIsAnswered() {
        InterpretResponse answer = ask(CandidateCutTest.sampled(1000).setOptions(InterpretOptions.newBuilder().setInfill(false)).build());

        assertThat(answer.getInterpretationsCount()).isEqualTo(3);
    }

    @Test
    void anOversizedRequestIsResourceExhaustedWithAMessage() {
        String huge = "x".repeat(5 * 1024 * 1024);
        assertThatThrownBy(() -> ask(rating(huge).build())).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
            assertThat(e.getStatus().getDescription()).isNotBlank().contains("maximum size");
        });
    }

    @Test
    void withEveryStageWholeOneReadingIsAnswerableAndNothingIsDegraded() {
        Scenario.infillCovered = true;

        InterpretResponse answer = ask(rating(Hotels.STARS).build());

        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_ANSWERABLE);
        assertThat(answer.getDegradationsList()).isEmpty();
    }

    @Test
    void aCancelledCallCancelsItsDownstreamCallsAndIsCounted() throws Exception {
        Scenario.executeDelayMs = 5_000;
        io.grpc.Context.CancellableContext call = io.grpc.Context.current().withCancellation();
        var caller = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            var answer = caller.submit(() -> call.call(() -> interpreter.withDeadlineAfter(20, TimeUnit.SECONDS)
                    .interpret(rating(Hotels.STARS, Hotels.SCORE).build())));
            awaitUntil(() -> Scenario.executesStarted.get() == 1);
            call.cancel(null); // the client goes away while both readings are executing, in one ExecuteBatch

            assertThatThrownBy(() -> answer.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(StatusRuntimeException.class)
                    .cause().satisfies(e -> assertThat(((StatusRuntimeException) e).getStatus().getCode())
                            .isEqualTo(Status.Code.CANCELLED));
            String abandoned = "overtone_interpret_abandoned_total{stage=\"execute\"}";
            awaitUntil(() -> Scenario.executesCancelled.get() == 1 && metrics().contains(abandoned));
            assertThat(Scenario.executesCancelled).as("the executor call cancelled with the Interpret call").hasValue(1);
            assertThat(Scenario.executeBatches).singleElement().asList().hasSize(2);
            assertThat(metrics()).contains(abandoned);
        } finally {
            caller.shutdownNow();
        }
    }

    @Test
    void aCancelledStreamCancelsItsDownstreamCallAndIsCounted() throws Exception {
        Scenario.infillDelayMs = 5_000;
        double abandonedBefore = abandonedAt("infill");
        io.grpc.Context.CancellableContext call = io.grpc.Context.current().withCancellation();
        var caller = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            List<Stage> started = new java.util.concurrent.CopyOnWriteArrayList<>();
            var stream = caller.submit(() -> call.run(() -> interpreter.withDeadlineAfter(20, TimeUnit.SECONDS)
                    .streamInterpret(rating(Hotels.STARS).build()).forEachRemaining(e -> {
                        if (e.hasStageStarted()) {
                            started.add(e.getStageStarted().getKind());
                        }
                    })));
            // the client has seen infill start (events still in flight are dropped by the cancel) and infill-svc is working
            awaitUntil(() -> Scenario.infillsStarted.get() == 1 && started.contains(Stage.STAGE_INFILL));
            call.cancel(null); // the client goes away while infill-svc is working

            assertThatThrownBy(() -> stream.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(StatusRuntimeException.class);
            awaitUntil(() -> Scenario.infillsCancelled.get() == 1 && abandonedAt("infill") > abandonedBefore);
            assertThat(Scenario.infillsCancelled).as("the infill call cancelled with the stream").hasValue(1);
            assertThat(abandonedAt("infill")).as("the abandoned stream counted at its stage").isEqualTo(abandonedBefore + 1);
            assertThat(started).contains(Stage.STAGE_INFILL).doesNotContain(Stage.STAGE_ANALYZE);
        } finally {
            caller.shutdownNow();
        }
    }

    /** The value of {@code overtone_interpret_abandoned_total} for one stage, 0 when not yet counted. */
    private static double abandonedAt(String stage) {
        String prefix = "overtone_interpret_abandoned_total{stage=\"" + stage + "\"} ";
        return metrics().lines().filter(l -> l.startsWith(prefix))
                .mapToDouble(l -> Double.parseDouble(l.substring(prefix.length()).split(" ")[0])).findFirst().orElse(0);
    }

    /** Waits (at most 10 s) for a condition a test then asserts. */
    private static void awaitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean() && System.nanoTime() < until) {
            Thread.sleep(20);
        }
    }

    @Test
    void oneCallerSqlComesBackWithTheOtherReadingFromStructuralInfill() {
        InterpretResponse answer = ask(rating(Hotels.STARS).build());

        assertThat(answer.getInterpretationsList()).extracting(Interpretation::getSource)
                .containsExactly(Source.SOURCE_CALLER, Source.SOURCE_INFILL_STRUCTURAL);
        Interpretation caller = answer.getInterpretations(0);
        Interpretation infilled = answer.getInterpretations(1);
        assertThat(caller.getId()).isEqualTo("i1");
        // the words parser-svc's Verbalize gives the caller's SQL (recorded, see FakeParser)
        assertThat(caller.getText()).isEqualTo("the names and stars of all hotels");
        assertThat(caller.getFingerprint()).isEqualTo("fp-stars");
        assertThat(caller.getPreview().getRowsCount()).isEqualTo(3);
        assertThat(infilled.getSql()).isEqualTo(Hotels.SCORE);
        assertThat(infilled.getText()).isEqualTo("the average guest review score of each hotel");
        assertThat(infilled.getFamily()).isEqualTo("column");
        // the caller's reading carries the defaults' agreement: ranked first, more probable
        assertThat(caller.getProbability()).isGreaterThan(infilled.getProbability());
        assertThat(caller.getProbability() + infilled.getProbability()).isCloseTo(1.0, within(1e-9));

        // one caller reading against one structural variant: the verdict weighs the evidence, the two are
        // returned either way, the outcome follows the verdict and an ambiguous answer shows both
        assertVerdictAndCutAgree(answer);
        assertThat(answer.getAmbiguity().getAmbiguous()).isEqualTo(answer.getOutcome() == Outcome.OUTCOME_AMBIGUOUS);
        AmbiguousSlot select = answer.getAmbiguity().getSlotsList().stream()
                .filter(s -> s.getPath().equals("select[1]")).findFirst().orElseThrow();
        assertThat(select.getQuestionTermsList()).contains("rating");
        assertThat(select.getSchemaElementsList()).containsExactly("hotels.stars", "reviews.score");
        // the join the swapped measure brings along splits the readings the same way: one fork, one line
        assertThat(answer.getAmbiguity().getSlotsList()).extracting(AmbiguousSlot::getPath).containsExactly("select[1]");
        // both readings analysed in one AnalyzeBatch call, none one at a time
        assertThat(Scenario.analyzeBatchCalls.get()).isEqualTo(1);
        assertThat(Scenario.analyzeCalls.get()).isZero();
        assertThat(answer.getTimingsList()).extracting(StageTiming::getKind)
                .contains(Stage.STAGE_SCHEMA, Stage.STAGE_EXECUTE, Stage.STAGE_INFILL, Stage.STAGE_ANALYZE, Stage.STAGE_VERBALIZE);
        assertThat(answer.getTotalMicros()).isPositive();
        assertThat(answer.getWarningsList()).noneMatch(w -> w.contains("rating"));
    }

    @Test
    void analysesInfillCarriesAreUsedAndParserSvcIsNotAskedAgain() {
        InterpretResponse analysedHere = ask(rating(Hotels.STARS).build());
        assertThat(Scenario.analyzeBatchCalls.get()).isEqualTo(1);
        // infill-svc now hands on what parser-svc gave it while varying: the same analyses, recorded from parser-svc
        Scenario.reset();
        analysedHere.getInterpretationsList().forEach(i -> Scenario.infillAnalyses.put(i.getSql(), i.getAnalysis()));
        assertThat(Scenario.infillAnalyses).containsOnlyKeys(Hotels.STARS, Hotels.SCORE);

        InterpretResponse carried = ask(rating(Hotels.STARS).build());

        assertThat(Scenario.analyzeBatchCalls.get()).isZero();
        assertThat(Scenario.analyzeCalls.get()).isZero();
        assertThat(carried.getTimingsList()).extracting(StageTiming::getKind).doesNotContain(Stage.STAGE_ANALYZE);
        assertThat(carried.getInterpretationsList()).extracting(Interpretation::getAnalysis)
                .containsExactlyElementsOf(analysedHere.getInterpretationsList().stream().map(Interpretation::getAnalysis).toList());
        assertThat(carried.getAmbiguity()).isEqualTo(analysedHere.getAmbiguity());
        // the second round hands infill-svc back what the first gave, so it need not ask parser-svc either
        assertThat(Scenario.infillCalls.get()).isEqualTo(2);
        assertThat(Scenario.lastInfillRequestAnalysed).containsExactlyInAnyOrder(Hotels.STARS, Hotels.SCORE);
    }

    @Test
    void theInfillRoundsOfOneCallShareACallIdAndAnotherCallHasItsOwn() {
        ask(rating(Hotels.STARS).build());
        assertThat(Scenario.infillCallIds).hasSize(2).doesNotContain("");
        assertThat(Scenario.infillCallIds.get(1)).isEqualTo(Scenario.infillCallIds.get(0));
        // the second round is the last the configuration allows (max-rounds 2): infill-svc may forget the call
        assertThat(Scenario.infillLastRounds).containsExactly(false, true);

        ask(rating(Hotels.STARS).build());

        assertThat(Scenario.infillCallIds).hasSize(4);
        assertThat(Scenario.infillCallIds.get(3)).isEqualTo(Scenario.infillCallIds.get(2)).isNotEqualTo(Scenario.infillCallIds.get(0));
    }

    @Test
    void aReadingInfillCarriedNoAnalysisForIsAnalysedAlone() {
        InterpretResponse analysedHere = ask(rating(Hotels.STARS).build());
        Scenario.reset();
        // infill-svc carries the caller's analysis only (as when its reading was beyond max-sources and AnalyzeBatch failed)
        Scenario.infillAnalyses.put(Hotels.STARS, analysedHere.getInterpretations(0).getAnalysis());

        InterpretResponse carried = ask(rating(Hotels.STARS).build());

        assertThat(Scenario.analyzeBatchCalls.get()).isEqualTo(1);
        assertThat(Scenario.lastAnalyzeBatchSqls).containsExactly(Hotels.SCORE);
        assertThat(carried.getAmbiguity()).isEqualTo(analysedHere.getAmbiguity());
    }

    @Test
    void answerIsSortedByProbabilityWithTheShownReadingsFirstAndTheRestMarkedAlternative() {
        InterpretRequest request = rating().addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS))
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS_PARAPHRASE))
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.NAMES)).build();

        InterpretResponse answer = ask(request);

        List<Interpretation> all = answer.getInterpretationsList();
        assertThat(all).extracting(Interpretation::getSql).containsExactlyInAnyOrder(Hotels.STARS, Hotels.NAMES, Hotels.SCORE);
        assertThat(all.get(0).getSql()).isEqualTo(Hotels.STARS);
        assertThat(all).extracting(Interpretation::getId).containsExactly("i1", "i2", "i3");
        for (int k = 1; k < all.size(); k++) {
            assertThat(all.get(k).getProbability()).isLessThanOrEqualTo(all.get(k - 1).getProbability());
        }
        assertThat(all.stream().mapToDouble(Interpretation::getProbability).sum()).isCloseTo(1.0, within(1e-9));
        int shown = answer.getShownCount();
        assertThat(shown).isBetween(1, 3);
        for (int k = 0; k < all.size(); k++) {
            assertThat(all.get(k).getAlternative()).as("reading %d of %d shown", k + 1, shown).isEqualTo(k >= shown);
        }
        assertThat(all.get(0).getEvidenceList()).extracting(e -> e.getName())
                .contains("default_share", "empty_result", "name_grounding", "question_pivots");
        assertThat(all.get(0).getEvidenceList()).filteredOn(e -> e.getName().equals("default_share"))
                .singleElement().satisfies(e -> assertThat(e.getValue()).isCloseTo(2.0 / 3, within(1e-9)));
        assertThat(answer.getAmbiguityProbability()).isBetween(0.0, 1.0);
        assertVerdictAndCutAgree(answer);
        assertThat(answer.getAmbiguity().getAmbiguous()).isEqualTo(answer.getOutcome() == Outcome.OUTCOME_AMBIGUOUS);
    }

    /** AMBIGUOUS exactly when P(ambiguous) reaches the threshold, and then at least two readings shown (an answerable one may show its close alternatives too). */
    private static void assertVerdictAndCutAgree(InterpretResponse answer) {
        boolean flagged = answer.getAmbiguityProbability() >= RankingWeights.VERDICT_THRESHOLD;
        assertThat(answer.getOutcome()).isEqualTo(flagged ? Outcome.OUTCOME_AMBIGUOUS : Outcome.OUTCOME_ANSWERABLE);
        if (flagged) {
            assertThat(answer.getShownCount()).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    @SuppressWarnings("deprecation") // reads FailedReading's string stage and status kept for older clients, to check they agree with kind and code
    void sameResultIsOneInterpretationWithParaphrasesAndFailedSqlIsReported() {
        InterpretRequest request = rating().addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS).setText("the star rating"))
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS_PARAPHRASE))
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.BROKEN).setText("the rating column"))
                .setOptions(InterpretOptions.newBuilder().setInfill(false).setPreviewRows(2)).build();

        InterpretResponse answer = ask(request);

        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_ANSWERABLE);
        assertThat(answer.getInterpretationsCount()).isEqualTo(1);
        Interpretation only = answer.getInterpretations(0);
        assertThat(only.getText()).isEqualTo("the star rating");
        assertThat(only.getProbability()).isEqualTo(1.0);
        assertThat(answer.getShownCount()).isEqualTo(1);
        assertThat(only.getAlternative()).isFalse();
        assertThat(only.getParaphrasesList()).singleElement().satisfies(p -> assertThat(p.getSql()).isEqualTo(Hotels.STARS_PARAPHRASE));
        assertThat(only.getPreview().getRowsCount()).isEqualTo(2);
        assertThat(only.getPreview().getRowCount()).isEqualTo(3);
        assertThat(answer.getFailuresList()).singleElement().satisfies(f -> {
            assertThat(f.getKind()).isEqualTo(Stage.STAGE_EXECUTE);
            assertThat(f.getStage()).isEqualTo("execute");
            assertThat(f.getCode()).isEqualTo(StatusCode.STATUS_CODE_INVALID_ARGUMENT);
            assertThat(f.getStatus()).isEqualTo("INVALID_ARGUMENT");
            assertThat(f.getSql()).isEqualTo(Hotels.BROKEN);
            assertThat(f.getMessage()).contains("no such column");
        });
        assertThat(Scenario.executeBatches).as("the stage's statements in one ExecuteBatch")
                .containsExactly(List.of(Hotels.STARS, Hotels.STARS_PARAPHRASE, Hotels.BROKEN));
        assertThat(Scenario.infillCalls.get()).isZero();
        assertThat(answer.getAmbiguity().getAmbiguous()).isFalse();
    }

    /** The schema has nothing for anything the question names, by spelling or by meaning: that is an answer. */
    @Test
    void questionWhoseTermsTheSchemaHasNothingForIsUnanswerableWithTheTermsNamed() {
        InterpretResponse answer = ask(InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setQuestion("which volcanoes erupted in the cretaceous").build());

        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_UNANSWERABLE);
        assertThat(answer.getInterpretationsList()).isEmpty();
        assertThat(answer.getWarningsList()).anyMatch(w -> w.startsWith("unanswerable:") && w.contains("'volcanoes erupted'")
                && w.contains("'cretaceous'") && w.contains("by name or by meaning"));
    }

    /**
     * One term the schema lacks is no evidence: the question also names hotels. Without SQL and a model the
     * honest answer is the precondition, as for any question.
     */
    @Test
    void aQuestionNamingSomethingTheSchemaHasIsNeverUnanswerableWithoutReadings() {
        for (String question : List.of("return the churn risk of each hotel", "which programs does each hotel run",
                "list the rooms but just the listed ones in one table")) {
            assertThatThrownBy(() -> ask(InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                    .setQuestion(question).build())).as(question).isInstanceOfSatisfying(StatusRuntimeException.class,
                    e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION));
        }
    }

    /** Function words and the vocabulary of asking are no terms: no evidence either way. */
    @Test
    void aQuestionOfFunctionWordsOnlyIsNeverUnanswerable() {
        assertThatThrownBy(() -> ask(InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setQuestion("but just what is listed in the table?").build())).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION));
    }

    /** Readings that all fail say how they failed; the question itself names what the schema has. */
    @Test
    void noReadingThatExecutesIsAFailureNotUnanswerable() {
        InterpretResponse answer = ask(rating(Hotels.BROKEN).setOptions(InterpretOptions.newBuilder().setInfill(false)).build());

        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_FAILED);
        assertThat(answer.getFailuresCount()).isEqualTo(1);
        assertThat(answer.getWarningsList()).noneMatch(w -> w.startsWith("unanswerable:"));
    }

    @Test
    void withoutLlmAndWithoutSqlTheCallerIsToldWhatIsMissing() {
        assertThatThrownBy(() -> ask(rating().build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
                    assertThat(e.getStatus().getDescription()).contains("LLM endpoint").contains("SQL")
                            .contains("overtone.interpreter.llm.base-url");
                });
    }

    @Test
    void emptyQuestionIsInvalid() {
        assertThatThrownBy(() -> ask(rating(Hotels.STARS).setQuestion("  ").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
    }

    @Test
    void unknownTenantIsNotFoundAsExecutorSaysIt() {
        assertThatThrownBy(() -> ask(rating(Hotels.STARS).setTenant("nosuch").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
                    assertThat(e.getStatus().getDescription()).contains("nosuch/hotels");
                });
    }

    @Test
    void executorUnavailableIsUnavailableNamingIt() {
        Scenario.executorFailure = Status.UNAVAILABLE.withDescription("connection refused");
        assertThatThrownBy(() -> ask(rating(Hotels.STARS).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
                    assertThat(e.getStatus().getDescription()).startsWith("executor-svc is unavailable at localhost:18090");
                });
        Scenario.executorFailure = null;
        assertThat(ask(rating(Hotels.STARS).build()).getInterpretationsCount()).isEqualTo(2);
    }

    @Test
    void infillDownOrDegradedIsAWarningNotAFailure() {
        Scenario.infillFailure = Status.UNAVAILABLE.withDescription("connection refused");
        InterpretResponse down = ask(rating(Hotels.STARS).build());
        assertThat(down.getOutcome()).as("one reading, but infill could not look for others").isEqualTo(Outcome.OUTCOME_INCOMPLETE);
        assertThat(down.getWarningsList()).anyMatch(w -> w.startsWith("infill: infill-svc is unavailable at"));

        Scenario.infillFailure = null;
        Scenario.infillDegraded = true;
        InterpretResponse degraded = ask(rating(Hotels.STARS).build());
        assertThat(degraded.getInterpretationsCount()).isEqualTo(2);
        assertThat(degraded.getWarningsList()).contains("infill-svc degraded: model: timed out; structural readings only")
                .doesNotHaveDuplicates();
    }

    @Test
    void infillStopsWhenItSaysAllIsCovered() {
        Scenario.infillCovered = true;
        InterpretResponse answer = ask(rating(Hotels.STARS).build());
        assertThat(answer.getInterpretationsCount()).isEqualTo(1);
        assertThat(Scenario.infillCalls.get()).isEqualTo(1);
    }

    @Test
    void parserDownDegradesTextAndSummaryOnly() {
        Scenario.parserFailure = Status.UNAVAILABLE.withDescription("connection refused");
        InterpretResponse answer = ask(rating(Hotels.STARS).build());
        assertThat(answer.getInterpretationsCount()).isEqualTo(2);
        assertThat(answer.getInterpretations(0).getText()).isEqualTo(Hotels.STARS);
        assertThat(answer.getWarningsList()).anyMatch(w -> w.startsWith("analyze: parser-svc is unavailable"))
                .anyMatch(w -> w.startsWith("verbalize: parser-svc is unavailable"));
    }

    @Test
    void startClarificationHandsTheCandidatesToClarify() {
        InterpretResponse answer = ask(rating(Hotels.STARS)
                .setOptions(InterpretOptions.newBuilder().setStartClarification(true)).build());

        assertThat(answer.getClarification().getSessionId()).isEqualTo("s-1");
        assertThat(answer.getClarification().getQuestion().getText()).contains("rating");
        // clarify-svc starts from the answer's probabilities: the ranked ones, in order
        assertThat(Scenario.clarifyCandidates).hasSize(2);
        assertThat(Scenario.clarifyCandidates.get(0)).startsWith("i1|fp-stars|" + answer.getInterpretations(0).getProbability());
        assertThat(Scenario.clarifyCandidates.get(1)).startsWith("i2|fp-score|" + answer.getInterpretations(1).getProbability());
        // each candidate carries the analysis the ambiguity summary was made from, so clarify-svc needs no Analyze
        assertThat(Scenario.clarifyAnalyses).extracting(a -> a.getSlotsList().stream().map(Slot::getValue).toList())
                .containsExactly(answer.getInterpretations(0).getAnalysis().getSlotsList().stream().map(Slot::getValue).toList(),
                        answer.getInterpretations(1).getAnalysis().getSlotsList().stream().map(Slot::getValue).toList());
        assertThat(Scenario.clarifyAnalyses).allSatisfy(a -> assertThat(a.getSlotsList()).extracting(Slot::getPath).contains("select[1]"));
        assertThat(answer.getAmbiguity().getSlotsList()).extracting(AmbiguousSlot::getPath).containsExactly("select[1]");
        assertThat(answer.getTimingsList()).extracting(StageTiming::getKind).contains(Stage.STAGE_CLARIFY);
    }

    @Test
    void streamEmitsStagesAndInterpretationsThenTheAnswer() {
        Iterator<InterpretEvent> events = interpreter.withDeadlineAfter(10, TimeUnit.SECONDS)
                .streamInterpret(rating(Hotels.STARS).build());
        List<InterpretEvent> all = new ArrayList<>();
        events.forEachRemaining(all::add);

        assertThat(all.get(0).getStageStarted().getKind()).isEqualTo(Stage.STAGE_SCHEMA);
        assertThat(all).filteredOn(InterpretEvent::hasInterpretationAdded).hasSize(2);
        assertThat(all).filteredOn(InterpretEvent::hasStageFinished)
                .anyMatch(e -> e.getStageFinished().getKind() == Stage.STAGE_INFILL);
        InterpretEvent last = all.get(all.size() - 1);
        assertThat(last.hasAnswer()).isTrue();
        assertThat(last.getAnswer().getInterpretationsCount()).isEqualTo(2);
    }

    @Test
    @SuppressWarnings("deprecation") // reads the string stage fields kept for older clients, to check they agree with kind
    void stageEventsAndTimingsCarryTheTypedStageAndTheNameOlderClientsRead() {
        List<InterpretEvent> all = new ArrayList<>();
        interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).streamInterpret(rating(Hotels.STARS)
                .setOptions(InterpretOptions.newBuilder().setStartClarification(true)).build()).forEachRemaining(all::add);
        List<StageStarted> started = all.stream().filter(InterpretEvent::hasStageStarted).map(InterpretEvent::getStageStarted).toList();
        List<StageFinished> finished = all.stream().filter(InterpretEvent::hasStageFinished).map(InterpretEvent::getStageFinished).toList();
        List<StageTiming> timings = all.get(all.size() - 1).getAnswer().getTimingsList();

        assertThat(started).isNotEmpty().allSatisfy(s -> {
            assertThat(STAGE_NAMES).containsKey(s.getKind());
            assertThat(s.getStage()).isEqualTo(STAGE_NAMES.get(s.getKind()));
        });
        assertThat(finished).allSatisfy(f -> {
            assertThat(STAGE_NAMES).containsKey(f.getKind());
            assertThat(f.getStage()).isEqualTo(STAGE_NAMES.get(f.getKind()));
        });
        assertThat(finished).extracting(StageFinished::getKind).as("every stage started, finished, in order")
                .containsExactlyElementsOf(started.stream().map(StageStarted::getKind).toList());
        assertThat(timings).allSatisfy(t -> {
            assertThat(STAGE_NAMES).containsKey(t.getKind());
            assertThat(t.getStage()).isEqualTo(STAGE_NAMES.get(t.getKind()));
        });
        // one timing per stage, in the order the stages first ran
        assertThat(timings).extracting(StageTiming::getKind).containsExactly(Stage.STAGE_SCHEMA, Stage.STAGE_EXECUTE,
                Stage.STAGE_INFILL, Stage.STAGE_ANALYZE, Stage.STAGE_VERBALIZE, Stage.STAGE_CLARIFY);
        assertThat(timings).extracting(StageTiming::getKind)
                .containsExactlyElementsOf(started.stream().map(StageStarted::getKind).distinct().toList());
    }

    @Test
    void streamReportsFailuresAsStatus() {
        Iterator<InterpretEvent> events = interpreter.streamInterpret(rating().setQuestion("").build());
        assertThatThrownBy(events::next).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
    }
}

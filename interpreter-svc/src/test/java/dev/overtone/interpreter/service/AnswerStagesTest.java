package dev.overtone.interpreter.service;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.interpreter.mapping.AnswerAssembler;
import dev.overtone.proto.v1.AppliedChoice;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.MemoryToken;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.runtime.memory.HeldBytes;
import io.grpc.Status;
import io.opentelemetry.api.OpenTelemetry;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stages on the assembled answer, on plain-Java downstream services: when the tenant's memory is read (probe,
 * recall) and what it changes, and clarify-svc's Start with memory on or left out. (The kept answers under a synced
 * WatchMemory: KeptRecallsTest, against a real gRPC clarify-svc.)
 */
class AnswerStagesTest {
    private static final String QUESTION = "the rating of each hotel";
    private static final InterpretResponse ANSWER = InterpretResponse.newBuilder()
            .addInterpretations(reading("i1", "SELECT name, stars FROM hotels", 0.6))
            .addInterpretations(reading("i2", "SELECT h.name, r.score FROM hotels h JOIN reviews r ON r.hotel_id = h.id", 0.4))
            .setShownCount(2).setAmbiguityProbability(0.8).setOutcome(Outcome.OUTCOME_AMBIGUOUS).build();

    private final Clarify clarify = new Clarify();
    private AnswerStages stages;

    @AfterEach
    void closeTheWatch() {
        if (stages != null) {
            stages.close();
        }
    }

    @Test
    void aRememberedChoiceRaisesTheReadingThatAgreesWithItAndTheRecallIsTimed() {
        clarify.remembersAnything = true;
        clarify.answer = chose("i2");
        InterpretResponse out = finish(ask());

        assertThat(clarify.probes).isEqualTo(1);
        assertThat(clarify.recalls).singleElement().satisfies(r -> {
            assertThat(r.getTenant()).isEqualTo("acme");
            assertThat(r.getCandidatesList()).extracting(c -> c.getId()).containsExactly("i1", "i2");
        });
        assertThat(out.getInterpretations(0).getSql()).startsWith("SELECT h.name, r.score");
        assertThat(out.getInterpretations(0).getId()).isEqualTo("i1");
        assertThat(out.getInterpretations(0).getRememberedList()).extracting(RememberedChoice::getChosenLabel).containsExactly("reviews.score");
        assertThat(out.getInterpretations(0).getProbability()).isGreaterThan(0.6);
        assertThat(out.getTimingsList()).extracting(StageTiming::getKind).contains(Stage.STAGE_RECALL);
    }

    @Test
    void aDatabaseThatRemembersNothingAsksNoRecallAndTheAnswerIsUnchanged() {
        clarify.remembersAnything = false;
        assertThat(finish(ask())).isEqualTo(ANSWER);
        assertThat(clarify.probes).isEqualTo(1);
        assertThat(clarify.recalls).isEmpty();
    }

    @Test
    void aCallThatIgnoresMemoryIsNeitherProbedNorRecalled() {
        clarify.remembersAnything = true;
        clarify.answer = chose("i2");
        InterpretRequest ignoring = ask().toBuilder().setOptions(InterpretOptions.newBuilder().setIgnoreMemory(true)).build();
        assertThat(finish(ignoring)).isEqualTo(ANSWER);
        assertThat(clarify.probes).isZero();
        assertThat(clarify.recalls).isEmpty();
    }

    @Test
    void aMemoryTokenSkipsTheProbeAndAsksRecallEveryTime() {
        clarify.remembersAnything = false; // the caller's own choice is committed: the probe is not asked at all
        clarify.answer = chose("i2");
        InterpretRequest afterChoice = ask().toBuilder().setAfterChoice(MemoryToken.newBuilder().setTenant("acme").setDatabase("hotels")).build();
        finish(afterChoice);
        InterpretResponse again = finish(afterChoice);

        assertThat(clarify.probes).isZero();
        assertThat(clarify.recalls).hasSize(2);
        assertThat(again.getInterpretations(0).getSql()).startsWith("SELECT h.name, r.score");
    }

    @Test
    void oneReadingHasNothingToRankAndAsksNoRecall() {
        clarify.remembersAnything = true;
        InterpretResponse single = ANSWER.toBuilder().removeInterpretations(1).setShownCount(1).build();
        stages = stages();
        PipelineCall call = call(ask());
        call.memoryProbe = stages.probe(call);
        assertThat(stages.finish(call, single)).isEqualTo(single);
        assertThat(clarify.recalls).isEmpty();
    }

    @Test
    void aFailedRecallIsSaidAndTheReadingsKeepTheirOrder() {
        clarify.remembersAnything = true;
        clarify.recallFails = true;
        InterpretResponse out = finish(ask());

        assertThat(out.getInterpretationsList()).extracting(Interpretation::getSql)
                .containsExactlyElementsOf(ANSWER.getInterpretationsList().stream().map(Interpretation::getSql).toList());
        assertThat(out.getWarningsList()).singleElement().asString().startsWith("recall: ").contains("clarify-svc is unavailable");
        assertThat(out.getDegradationsList()).extracting(d -> d.getStage()).containsExactly(Stage.STAGE_RECALL);
    }

    @Test
    void clarificationStartsOnTheFinalOrderAndIsToldWhenMemoryIsLeftOut() {
        clarify.remembersAnything = true;
        clarify.answer = chose("i2");
        InterpretOptions.Builder clarifying = InterpretOptions.newBuilder().setStartClarification(true);
        InterpretResponse out = finish(ask().toBuilder().setOptions(clarifying).build());

        assertThat(out.getClarification().getSessionId()).isEqualTo("s1");
        assertThat(clarify.starts).singleElement().satisfies(s -> {
            assertThat(s.getCandidates(0).getSql()).startsWith("SELECT h.name, r.score");
            assertThat(s.getOptions().getIgnoreMemory()).isFalse();
        });
        assertThat(out.getTimingsList()).extracting(StageTiming::getKind).contains(Stage.STAGE_RECALL, Stage.STAGE_CLARIFY);

        finish(ask().toBuilder().setOptions(clarifying.setIgnoreMemory(true)).build());
        assertThat(clarify.starts.get(1).getOptions().getIgnoreMemory()).isTrue();
        assertThat(clarify.starts.get(1).getCandidates(0).getSql()).isEqualTo(ANSWER.getInterpretations(0).getSql());
    }

    private InterpretResponse finish(InterpretRequest request) {
        if (stages == null) {
            stages = stages();
        }
        PipelineCall call = call(request);
        call.memoryProbe = stages.probe(call);
        return stages.finish(call, ANSWER);
    }

    /** The stages with the real configuration's defaults; the WatchMemory stream off (every call then probes). */
    private AnswerStages stages() {
        InterpreterConfig config = new SmallRyeConfigBuilder().withMapping(InterpreterConfig.class)
                .withConverter(Duration.class, 100, new DurationConverter())
                .withDefaultValue("overtone.interpreter.memory.watch.enabled", "false").build()
                .getConfigMapping(InterpreterConfig.class);
        return new AnswerStages(config, new AnswerAssembler(), clarify);
    }

    private static PipelineCall call(InterpretRequest request) {
        StageRunner runner = new StageRunner(OpenTelemetry.noop().getTracer("test"), new PipelineListener() {
        }, Budget.of(null, Duration.ofSeconds(20), Duration.ZERO), io.grpc.Context.ROOT);
        return new PipelineCall(request, runner, 10, HeldBytes.Hold.NONE);
    }

    private static InterpretRequest ask() {
        return InterpretRequest.newBuilder().setTenant("acme").setDatabase("hotels").setQuestion(QUESTION).build();
    }

    private static Interpretation reading(String id, String sql, double probability) {
        return Interpretation.newBuilder().setId(id).setSql(sql).setText(sql).setProbability(probability).build();
    }

    /** Recall's answer when the tenant chose, in this database, the reading {@code id} has. */
    private static RecallResponse chose(String id) {
        return RecallResponse.newBuilder().addConsistentCandidateIds(id)
                .addApplied(AppliedChoice.newBuilder().addCandidateIds(id)
                        .setChoice(RememberedChoice.newBuilder().setChosenLabel("reviews.score")))
                .setAnyRemembered(true).build();
    }

    /** clarify-svc in plain Java: what it was asked, and its answers. */
    private static final class Clarify extends StubDownstreams {
        boolean remembersAnything;
        boolean recallFails;
        RecallResponse answer = RecallResponse.getDefaultInstance();
        int probes;
        final List<RecallRequest> recalls = new ArrayList<>();
        final List<StartRequest> starts = new ArrayList<>();

        @Override
        public synchronized List<Boolean> remembers(List<MemoryProbes.Scope> scopes, long timeoutMs) {
            probes++;
            return scopes.stream().map(s -> remembersAnything).toList();
        }

        @Override
        public synchronized RecallResponse recall(RecallRequest request, long timeoutMs) {
            recalls.add(request);
            if (recallFails) {
                throw new DownstreamFailure("clarify-svc", Status.Code.UNAVAILABLE, "clarify-svc is unavailable");
            }
            return answer;
        }

        @Override
        public synchronized Turn start(StartRequest request, long timeoutMs) {
            starts.add(request);
            return Turn.newBuilder().setSessionId("s1").build();
        }
    }
}

package dev.overtone.infill.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.infill.config.InfillConfig;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InfillOptions;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;
import dev.overtone.runtime.testing.ConfigStub;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** How the two strategies' proposals become one answer: order, cut, coverage, degradations and what is counted. */
class InfillCoordinatorTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicInteger modelCalls = new AtomicInteger();

    private static InfilledReading reading(String text) {
        return InfilledReading.newBuilder().setText(text).build();
    }

    private static InfillConfig config(boolean model, boolean structural, int maxReadings) {
        return ConfigStub.of(InfillConfig.class, Map.of("maxReadings", maxReadings,
                "model", ConfigStub.of(InfillConfig.Model.class, Map.of("enabled", model, "timeoutMs", 0L, "retries", 0)),
                "structural", ConfigStub.of(InfillConfig.Structural.class, Map.of("enabled", structural))));
    }

    private InfillCoordinator coordinator(InfillConfig config, boolean modelConfigured, Uni<Proposal> modelAnswer, Proposal structuralAnswer) {
        InfillCoordinator coordinator = new InfillCoordinator();
        coordinator.config = config;
        coordinator.registry = registry;
        coordinator.model = new ModelInfill() {
            @Override
            public boolean configured() {
                return modelConfigured;
            }

            @Override
            public Uni<Proposal> propose(InfillRequest request, int max) {
                modelCalls.incrementAndGet();
                return modelAnswer;
            }
        };
        coordinator.structural = new StructuralInfill() {
            @Override
            public Proposal propose(InfillRequest request, int max) {
                return structuralAnswer;
            }
        };
        return coordinator;
    }

    private static Uni<Proposal> answers(Proposal proposal) {
        return Uni.createFrom().item(proposal);
    }

    private double calls(String strategy, String outcome) {
        var counter = registry.find("overtone.infill.calls").tags("strategy", strategy, "outcome", outcome).counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void theModelsReadingsComeFirstAndTheWholeIsCutAtTheRequestsMaximum() {
        Proposal model = new Proposal(List.of(reading("m1"), reading("m2")), false, Optional.empty());
        Proposal structural = new Proposal(List.of(reading("s1"), reading("s2")), false, Optional.empty(),
                Map.of("r1", SqlAnalysis.newBuilder().setCanonicalSql("SELECT 1").build()));
        InfillRequest request = InfillRequest.newBuilder().setOptions(InfillOptions.newBuilder().setMaxReadings(3)).build();
        InfillResponse response = coordinator(config(true, true, 8), true, answers(model), structural).infill(request);
        assertThat(response.getReadingsList()).extracting(InfilledReading::getText).containsExactly("m1", "m2", "s1");
        assertThat(response.getReadingAnalysesMap()).containsOnlyKeys("r1");
        assertThat(response.getDegraded()).isFalse();
        assertThat(calls("model", "ok")).isEqualTo(1);
        assertThat(calls("structural", "ok")).isEqualTo(1);
    }

    @Test
    void withoutAMaximumInTheRequestTheConfiguredOneCuts() {
        Proposal structural = new Proposal(List.of(reading("s1"), reading("s2"), reading("s3")), false, Optional.empty());
        InfillResponse response = coordinator(config(false, true, 2), true, answers(Proposal.skipped()), structural)
                .infill(InfillRequest.getDefaultInstance());
        assertThat(response.getReadingsList()).extracting(InfilledReading::getText).containsExactly("s1", "s2");
        assertThat(modelCalls).as("the model is off by configuration").hasValue(0);
    }

    @Test
    void onlyTheModelJudgesCoverage() {
        Proposal covered = new Proposal(List.of(), true, Optional.empty());
        assertThat(coordinator(config(true, true, 8), true, answers(covered), Proposal.skipped())
                .infill(InfillRequest.getDefaultInstance()).getAllCovered()).isTrue();
        assertThat(coordinator(config(false, true, 8), true, answers(covered), covered)
                .infill(InfillRequest.getDefaultInstance()).getAllCovered()).as("structural's flag is not read").isFalse();
    }

    @Test
    void eachStrategysDegradationIsListedWithItsReasonModelFirst() {
        Proposal model = Proposal.degraded(Stage.STAGE_INFILL_MODEL, DegradationCause.DEGRADATION_CAUSE_CIRCUIT_OPEN, "infill-model", "model: circuit open");
        Proposal structural = Proposal.degraded(Stage.STAGE_INFILL_STRUCTURAL, DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE, "parser-svc", "structural: parser down");
        InfillResponse response = coordinator(config(true, true, 8), true, answers(model), structural).infill(InfillRequest.getDefaultInstance());
        assertThat(response.getDegraded()).isTrue();
        assertThat(response.getDegradationsList()).extracting(d -> d.getStage()).containsExactly(Stage.STAGE_INFILL_MODEL, Stage.STAGE_INFILL_STRUCTURAL);
        assertThat(response.getDegradedReasonsList()).containsExactly("model: circuit open", "structural: parser down");
        assertThat(calls("model", "degraded")).isEqualTo(1);
        assertThat(calls("structural", "degraded")).isEqualTo(1);
    }

    @Test
    void aModelThatIsNotConfiguredIsCountedButDoesNotDegradeTheAnswer() {
        Proposal structural = new Proposal(List.of(reading("s1")), false, Optional.empty());
        InfillResponse response = coordinator(config(true, true, 8), false, answers(Proposal.skipped()), structural)
                .infill(InfillRequest.getDefaultInstance());
        assertThat(response.getDegraded()).isFalse();
        assertThat(response.getReadingsList()).extracting(InfilledReading::getText).containsExactly("s1");
        assertThat(modelCalls).hasValue(0);
        assertThat(calls("model", "not-configured")).isEqualTo(1);
        assertThat(calls("model", "ok")).isZero();
    }

    @Test
    void theRequestsOptionsOverrideTheConfiguredStrategies() {
        Proposal model = new Proposal(List.of(reading("m1")), false, Optional.empty());
        Proposal structural = new Proposal(List.of(reading("s1")), false, Optional.empty());
        InfillRequest modelOnly = InfillRequest.newBuilder().setOptions(InfillOptions.newBuilder().setModel(true).setStructural(false)).build();
        InfillResponse response = coordinator(config(false, true, 8), true, answers(model), structural).infill(modelOnly);
        assertThat(response.getReadingsList()).extracting(InfilledReading::getText).containsExactly("m1");
        assertThat(calls("structural", "ok")).isZero();
    }

    @Test
    void aModelWhoseAnswerIsLostIsADeadlineAndTheStructuralReadingsStillCome() {
        Proposal structural = new Proposal(List.of(reading("s1")), false, Optional.empty());
        InfillResponse response = coordinator(config(true, true, 8), true, Uni.createFrom().nothing(), structural)
                .infill(InfillRequest.getDefaultInstance());
        assertThat(response.getReadingsList()).extracting(InfilledReading::getText).containsExactly("s1");
        assertThat(response.getDegradationsList()).singleElement().satisfies(d -> {
            assertThat(d.getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED);
            assertThat(d.getService()).isEqualTo("infill-model");
        });
        assertThat(response.getDegradedReasonsList()).containsExactly("model: no answer in time; structural readings only");
    }
}

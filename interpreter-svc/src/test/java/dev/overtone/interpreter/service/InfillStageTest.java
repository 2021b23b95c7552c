package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.proto.v1.Degradation;
import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillStrategy;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** One infill round: what infill-svc is told, and the typed round made of what it answered. */
class InfillStageTest {
    private static final SqlAnalysis STARS = SqlAnalysis.newBuilder().setCanonicalSql("SELECT name, stars FROM hotels").build();
    private final List<InfillRequest> asked = new ArrayList<>();

    @Test
    void infillSvcIsToldTheRepresentativesWithTheAnalysesKnownOfThem() {
        InfillStage stage = new InfillStage((request, timeout) -> {
            asked.add(request);
            return InfillResponse.getDefaultInstance();
        });
        stage.ask(input(List.of(group("SELECT name, stars FROM hotels", "fp1"), group("SELECT name FROM hotels", "fp2")),
                Map.of("SELECT name, stars FROM hotels", STARS), true));
        InfillRequest request = asked.get(0);
        assertThat(request.getReadingsList()).extracting(r -> r.getId() + " " + r.getFingerprint()).containsExactly("r1 fp1", "r2 fp2");
        assertThat(request.getReadingAnalysesMap()).containsOnlyKeys("r1");
        assertThat(request.getCallId()).isEqualTo("call-1");
        assertThat(request.getLastRound()).isTrue();
        assertThat(request.getOptions().getMaxReadings()).isEqualTo(8);
    }

    @Test
    void theRoundTypesTheOfferedReadingsAndTheAnalysesByTheirSql() {
        InfillStage stage = new InfillStage((request, timeout) -> InfillResponse.newBuilder().setAllCovered(true)
                .putReadingAnalyses("r1", STARS)
                .addReadings(InfilledReading.newBuilder().setSql("SELECT name, AVG(score) FROM reviews").setStrategy(InfillStrategy.INFILL_STRATEGY_MODEL)
                        .setFamily("column").setAnalysis(SqlAnalysis.newBuilder().setCanonicalSql("SELECT name, AVG(score) FROM reviews")))
                .addReadings(InfilledReading.newBuilder().setSql("SELECT 1").setStrategy(InfillStrategy.INFILL_STRATEGY_STRUCTURAL))
                .build());
        InfillStage.Round round = stage.ask(input(List.of(group("select name, stars from hotels", "fp1")), Map.of(), false));
        assertThat(round.failed()).isFalse();
        assertThat(round.allCovered()).isTrue();
        assertThat(round.offered()).extracting(Route::source).containsExactly(Source.SOURCE_INFILL_MODEL, Source.SOURCE_INFILL_STRUCTURAL);
        assertThat(round.offered().get(0).family()).isEqualTo("column");
        assertThat(round.analyses()).containsOnlyKeys("select name, stars from hotels", "SELECT name, AVG(score) FROM reviews");
        assertThat(round.setbacks()).isEmpty();
        assertThat(round.detail()).isEqualTo("2 readings offered, all covered");
    }

    @Test
    void aFailedCallIsASetbackAndNoReadings() {
        InfillStage stage = new InfillStage((request, timeout) -> {
            throw new DownstreamFailure("infill-svc", Status.Code.DEADLINE_EXCEEDED, "infill-svc did not answer Infill within 8000 ms");
        });
        InfillStage.Round round = stage.ask(input(List.of(group("SELECT 1", "fp")), Map.of(), false));
        assertThat(round.failed()).isTrue();
        assertThat(round.offered()).isEmpty();
        assertThat(round.detail()).isEqualTo("failed");
        assertThat(round.setbacks()).singleElement().satisfies(s -> {
            assertThat(s.warning()).isEqualTo("infill: infill-svc did not answer Infill within 8000 ms; readings found so far only");
            assertThat(s.degradation().getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_DEADLINE_EXCEEDED);
        });
    }

    /** infill-svc's typed degradations are the answer's; one that gives only reasons has them typed as infill's failures. */
    @Test
    void whatInfillSvcSaysWentWrongIsTyped() {
        Degradation model = Degradation.newBuilder().setStage(Stage.STAGE_INFILL_MODEL).setCause(DegradationCause.DEGRADATION_CAUSE_CIRCUIT_OPEN)
                .setService("infill-svc").setMessage("model: circuit open").build();
        InfillStage typed = new InfillStage((request, timeout) -> InfillResponse.newBuilder().setDegraded(true)
                .addDegradations(model).addDegradedReasons("model: circuit open").build());
        assertThat(typed.ask(input(List.of(group("SELECT 1", "fp")), Map.of(), false)).setbacks()).singleElement().satisfies(s -> {
            assertThat(s.degradation()).isEqualTo(model);
            assertThat(s.warning()).isEqualTo("infill-svc degraded: model: circuit open");
        });
        InfillStage reasonsOnly = new InfillStage((request, timeout) -> InfillResponse.newBuilder().setDegraded(true)
                .addDegradedReasons("model: timed out; structural readings only").build());
        assertThat(reasonsOnly.ask(input(List.of(group("SELECT 1", "fp")), Map.of(), false)).setbacks()).singleElement().satisfies(s -> {
            assertThat(s.degradation().getStage()).isEqualTo(Stage.STAGE_INFILL);
            assertThat(s.warning()).isEqualTo("infill-svc degraded: model: timed out; structural readings only");
        });
    }

    private static InfillStage.Input input(List<ReadingGroup> groups, Map<String, SqlAnalysis> analyses, boolean lastRound) {
        return new InfillStage.Input("return the rating of each hotel", Schema.getDefaultInstance(), InterpretOptions.getDefaultInstance(),
                8, "call-1", lastRound, groups, analyses, 1000);
    }

    private static ReadingGroup group(String sql, String fingerprint) {
        return new ReadingGroup(fingerprint, new Route("", sql, Source.SOURCE_CALLER, ""), ExecuteResponse.getDefaultInstance());
    }
}

package dev.overtone.infill.grpc;

import dev.overtone.proto.v1.DegradationCause;
import dev.overtone.proto.v1.InfillOptions;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillServiceGrpc;
import dev.overtone.proto.v1.InfillStrategy;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.containsString;

/** Infill with no LLM configured: structural readings, the model reported as not configured, health and metrics. */
@QuarkusTest
class StructuralInfillTest {
    @GrpcClient("infill")
    InfillServiceGrpc.InfillServiceBlockingStub infill;

    @AfterEach
    void parserUpAndEveryCallAnsweredFromARecording() {
        FakeParser.down = false;
        FakeParser.assertEveryCallRecorded();
    }

    @Test
    void variantsNotAlreadyCoveredComeBackAndAModelOffByConfigurationIsNoDegradation() {
        InfillResponse response = infill.infill(InfillRequests.rating().build());

        assertThat(response.getReadingsList()).singleElement().satisfies(r -> {
            assertThat(r.getSql()).isEqualTo(FakeParser.SCORE_VARIANT);
            assertThat(r.getStrategy()).isEqualTo(InfillStrategy.INFILL_STRATEGY_STRUCTURAL);
            assertThat(r.getFamily()).isEqualTo("column");
            assertThat(r.getDerivedFrom()).isEqualTo("r1");
            assertThat(r.getText()).isEqualTo("the average score of its reviews instead of the stars");
            // parser-svc's analysis of the variant travels with it, so interpreter-svc need not ask for it again
            assertThat(r.getAnalysis().getCanonicalSql()).isEqualTo(FakeParser.SCORE_VARIANT);
            assertThat(r.getAnalysis().getSlotsList()).extracting(Slot::getValue).contains("AVG(reviews.score)");
        });
        // and so does its analysis of the reading it was given
        assertThat(response.getReadingAnalysesMap()).containsOnlyKeys("r1");
        assertThat(response.getReadingAnalysesOrThrow("r1").getSlotsList()).extracting(Slot::getValue).contains("hotels.stars");
        assertThat(response.getAllCovered()).isFalse();
        assertThat(response.getDegraded()).isFalse();
        assertThat(response.getDegradationsList()).isEmpty();
    }

    @Test
    void oneParserCallPerInfillWhateverTheNumberOfReadings() {
        InfillRequest.Builder request = InfillRequests.rating();
        request.addReadings(Reading.newBuilder().setId("r2").setSql("SELECT name FROM hotels").setSource(Source.SOURCE_CALLER));
        // the variant an earlier round found, sent back with the readings as interpreter-svc does in its next round
        request.addReadings(Reading.newBuilder().setId("r3").setSql(FakeParser.SCORE_VARIANT).setSource(Source.SOURCE_INFILL_STRUCTURAL));
        int before = FakeParser.CALLS.get();

        InfillResponse response = infill.infill(request.setOptions(InfillOptions.newBuilder().setModel(false)).build());

        assertThat(FakeParser.CALLS.get() - before).isEqualTo(1);
        // The score reading is already in the set: the variant that equals it in canonical form is no new reading.
        assertThat(response.getReadingsList()).isEmpty();
        assertThat(response.getDegraded()).isFalse();
    }

    @Test
    void aCallsNextRoundDoesNotAskParserSvcAgainForAReadingItVariedBefore() {
        InfillRequest round = InfillRequests.rating().setCallId("call-1")
                .setOptions(InfillOptions.newBuilder().setModel(false)).build();
        int before = FakeParser.CALLS.get();

        InfillResponse first = infill.infill(round);
        InfillResponse second = infill.infill(round);

        assertThat(FakeParser.CALLS.get() - before).isEqualTo(1);
        assertThat(second.getReadingsList()).isNotEmpty().isEqualTo(first.getReadingsList());
        assertThat(second.getReadingAnalysesMap()).isEqualTo(first.getReadingAnalysesMap());
        // another call, or a request that names none, asks again
        infill.infill(round.toBuilder().setCallId("call-2").build());
        infill.infill(round.toBuilder().clearCallId().build());
        assertThat(FakeParser.CALLS.get() - before).isEqualTo(3);
    }

    @Test
    void aLastRoundUsesWhatWasKeptThenTheCallIsForgotten() {
        InfillRequest round = InfillRequests.rating().setCallId("call-last")
                .setOptions(InfillOptions.newBuilder().setModel(false)).build();
        InfillRequest last = round.toBuilder().setLastRound(true).build();
        int before = FakeParser.CALLS.get();

        InfillResponse first = infill.infill(round);
        InfillResponse second = infill.infill(last);

        assertThat(FakeParser.CALLS.get() - before).isEqualTo(1);
        assertThat(second.getReadingsList()).isNotEmpty().isEqualTo(first.getReadingsList());
        // past its last round the call asks again; a call whose only round is its last keeps nothing either
        infill.infill(round);
        assertThat(FakeParser.CALLS.get() - before).isEqualTo(2);
        infill.infill(last.toBuilder().setCallId("call-once").build());
        infill.infill(round.toBuilder().setCallId("call-once").build());
        assertThat(FakeParser.CALLS.get() - before).isEqualTo(4);
    }

    @Test
    void aCallsOwnSiblingSwapIsOfferedButNotVariedInItsNextRound() {
        InfillRequest round = InfillRequests.rating().setCallId("call-swap")
                .setOptions(InfillOptions.newBuilder().setModel(false)).build();
        InfillResponse first = infill.infill(round);
        // the score reading is a column swap (the reviews' score for the stars), sent back as interpreter-svc does
        assertThat(first.getReadingsList()).singleElement().satisfies(r -> assertThat(r.getFamily()).isEqualTo("column"));
        InfillRequest next = round.toBuilder().setLastRound(true)
                .addReadings(Reading.newBuilder().setId("r2").setSql(FakeParser.SCORE_VARIANT).setSource(Source.SOURCE_INFILL_STRUCTURAL))
                .putReadingAnalyses("r2", first.getReadings(0).getAnalysis()).build();
        int before = FakeParser.CALLS.get();

        InfillResponse second = infill.infill(next);

        assertThat(FakeParser.CALLS.get() - before).isZero();
        assertThat(second.getReadingsList()).isEmpty();
        assertThat(second.getDegraded()).isFalse();
    }

    @Test
    void modelSwitchedOffPerCallIsNotDegraded() {
        InfillResponse response = infill.infill(InfillRequests.rating()
                .setOptions(InfillOptions.newBuilder().setModel(false)).build());
        assertThat(response.getDegraded()).isFalse();
        assertThat(response.getReadingsCount()).isEqualTo(1);
    }

    @Test
    void structuralSwitchedOffPerCallGivesNothing() {
        InfillResponse response = infill.infill(InfillRequests.rating()
                .setOptions(InfillOptions.newBuilder().setModel(false).setStructural(false)).build());
        assertThat(response.getReadingsList()).isEmpty();
    }

    @Test
    void parserDownIsDegradedNotAnError() {
        FakeParser.down = true;
        InfillResponse response = infill.infill(InfillRequests.rating().setOptions(InfillOptions.newBuilder().setModel(false)).build());
        assertThat(response.getReadingsList()).isEmpty();
        assertThat(response.getReadingAnalysesMap()).isEmpty();
        assertThat(response.getDegraded()).isTrue();
        assertThat(response.getDegradedReasonsList()).anyMatch(r -> r.startsWith("structural: parser-svc is unavailable at localhost:"
                + ConfigProvider.getConfig().getValue("quarkus.grpc.clients.parser.port", Integer.class)));
        assertThat(response.getDegradationsList()).singleElement().satisfies(d -> {
            assertThat(d.getStage()).isEqualTo(Stage.STAGE_INFILL_STRUCTURAL);
            assertThat(d.getCause()).isEqualTo(DegradationCause.DEGRADATION_CAUSE_UNAVAILABLE);
            assertThat(d.getService()).isEqualTo("parser-svc");
        });
    }

    @Test
    void emptyQuestionIsInvalid() {
        assertThatThrownBy(() -> infill.infill(InfillRequests.rating().setQuestion("").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
    }

    @Test
    void aFamilyTheContractDoesNotNameIsInvalidNotADegradedStage() {
        var misspelt = InfillRequests.rating().setOptions(InfillOptions.newBuilder().addFamilies("colum"));
        assertThatThrownBy(() -> infill.infill(misspelt.build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).contains("\"colum\"", "attachment, scope, column");
                });
    }

    @Test
    void healthAndMetrics() {
        infill.infill(InfillRequests.rating().build());
        given().when().get("/q/health/ready").then().statusCode(200).body(containsString("parser-svc"))
                .body(containsString("not configured")).body(containsString("CLOSED"));
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("overtone_infill_calls_total{outcome=\"ok\",strategy=\"structural\"}"))
                .body(containsString("overtone_infill_calls_total{outcome=\"not-configured\",strategy=\"model\"}"))
                .body(containsString("overtone_infill_readings_found_total{strategy=\"structural\"}"))
                .body(containsString("overtone_infill_latency_seconds"))
                .body(containsString("overtone_infill_circuit_state{strategy=\"model\"}"))
                .body(containsString("grpc_server_processing_duration_seconds"));
    }
}

package dev.overtone.clarify.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.overtone.clarify.support.AgainstRecordedParser;
import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.proto.v1.AnswerRequest;
import dev.overtone.proto.v1.CancelRequest;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ClarifyOptions;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.GetRequest;
import dev.overtone.proto.v1.MutinyClarifyServiceGrpc;
import dev.overtone.proto.v1.OptionKind;
import dev.overtone.proto.v1.ResolutionReason;
import dev.overtone.proto.v1.Session;
import dev.overtone.proto.v1.SessionState;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Strategy;
import dev.overtone.proto.v1.Turn;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.restassured.RestAssured;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** The dialogue over gRPC against a real PostgreSQL: the whole flow, bad input, idempotency and races. */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
class ClarifyGrpcServiceTest extends AgainstRecordedParser {

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @GrpcClient("clarify")
    MutinyClarifyServiceGrpc.MutinyClarifyServiceStub async;

    @Test
    void aSetKnownToBeIncompleteIsNeverResolvedWithFullConfidence() {
        StartRequest one = StartRequest.newBuilder().setQuestion("return the rating of each hotel")
                .addCandidates(Candidate.newBuilder().setId("stars").setSql(HotelDialogue.STARS).setText("stars")).build();

        Turn complete = clarify.start(one);
        Turn incomplete = clarify.start(one.toBuilder().setCandidatesIncomplete(true).build());

        assertThat(complete.getResolution().getConfidence()).isCloseTo(1.0, within(1e-9));
        assertThat(complete.getResolution().getCandidatesIncomplete()).isFalse();
        assertThat(incomplete.getResolution().getCandidateId()).isEqualTo("stars");
        assertThat(incomplete.getResolution().getConfidence()).isCloseTo(0.8, within(1e-9)); // incomplete-reserve 0.2
        assertThat(incomplete.getResolution().getCandidatesIncomplete()).isTrue();
        Session stored = clarify.get(GetRequest.newBuilder().setSessionId(incomplete.getSessionId()).build());
        assertThat(stored.getCurrent().getResolution().getConfidence()).isCloseTo(0.8, within(1e-9));
    }

    @Test
    void dialogueToResolutionWithEveryTurnStored() {
        Turn first = clarify.start(HotelDialogue.start());
        assertThat(first.getNumber()).isEqualTo(1);
        assertThat(first.getQuestion().getText())
                .isEqualTo("By 'rating', do you mean the hotel's stars (hotels.stars) or the average review score (reviews.score)?");
        assertThat(first.getQuestion().getExpectedGain()).isCloseTo(0.881, within(1e-3)); // H(0.7, 0.3)
        assertThat(first.getQuestion().getOptionsList()).extracting(o -> o.getKind())
                .containsExactly(OptionKind.OPTION_KIND_VALUE, OptionKind.OPTION_KIND_VALUE, OptionKind.OPTION_KIND_NONE, OptionKind.OPTION_KIND_ANY);
        assertThat(first.getQuestion().getOptions(0).getProbability()).isCloseTo(0.7, within(1e-9));
        String id = first.getSessionId();

        Turn second = clarify.answer(HotelDialogue.text(id, 1, "the stars"));
        assertThat(second.getNumber()).isEqualTo(2);
        assertThat(second.getDistributionList()).extracting(d -> d.getProbability())
                .containsExactly(0.5 / 0.7, 0.0, 0.2 / 0.7);
        assertThat(second.getQuestion().getText()).startsWith("For which rows to keep");

        Turn last = clarify.answer(HotelDialogue.text(id, 2, "no condition"));
        assertThat(last.hasResolution()).isTrue();
        assertThat(last.getResolution().getCandidateId()).isEqualTo("stars");
        assertThat(last.getResolution().getSql()).isEqualTo(HotelDialogue.STARS);
        assertThat(last.getResolution().getReason()).isEqualTo(ResolutionReason.RESOLUTION_REASON_THRESHOLD);
        assertThat(last.getResolution().getConfidence()).isCloseTo(1.0, within(1e-9));

        Session s = clarify.get(GetRequest.newBuilder().setSessionId(id).build());
        assertThat(s.getState()).isEqualTo(SessionState.SESSION_STATE_RESOLVED);
        assertThat(s.getCandidatesList()).extracting(Candidate::getId).containsExactly("stars", "score", "good-stars");
        assertThat(s.getTurnsList()).hasSize(2);
        assertThat(s.getTurns(0).getMapping()).isEqualTo("lexical");
        assertThat(s.getTurns(0).getMappedOptionIdsList()).containsExactly("o1");
        assertThat(s.getTurns(0).getReply().getFreeText()).isEqualTo("the stars");
        assertThat(s.getTurns(0).getBeforeList()).extracting(d -> d.getProbability()).containsExactly(0.5, 0.3, 0.2);
        assertThat(s.getTurns(1).getAfterList()).extracting(d -> d.getProbability()).containsExactly(1.0, 0.0, 0.0);
        assertThat(s.getCurrent().getResolution().getCandidateId()).isEqualTo("stars");

        assertStatus(() -> clarify.answer(HotelDialogue.option(id, 3, "o1")), Status.Code.FAILED_PRECONDITION, "resolved");
    }

    @Test
    void retriedAnswerWithTheSameKeyGetsTheSameTurn() {
        String id = clarify.start(HotelDialogue.start()).getSessionId();
        AnswerRequest answer = HotelDialogue.option(id, 1, "o2");
        Turn once = clarify.answer(answer);
        Turn again = clarify.answer(answer);
        assertThat(again).isEqualTo(once);
        assertThat(once.getResolution().getCandidateId()).isEqualTo("score");
        // the same key for another reply is refused
        assertStatus(() -> clarify.answer(answer.toBuilder().setReply(answer.getReply().toBuilder().setOptionId("o1")).build()),
                Status.Code.INVALID_ARGUMENT, "idempotency key");
        assertThat(clarify.get(GetRequest.newBuilder().setSessionId(id).build()).getTurnsList()).hasSize(1);
    }

    @Test
    void twoAnswersRacingForOneTurnOneWinsTheOtherIsAborted() {
        for (int round = 0; round < 4; round++) {
            String id = clarify.start(HotelDialogue.start()).getSessionId();
            List<Uni<Object>> racers = new ArrayList<>();
            for (String option : List.of("o1", "o2")) {
                racers.add(async.answer(HotelDialogue.option(id, 1, option)).map(t -> (Object) t)
                        .onFailure().recoverWithItem(f -> f));
            }
            List<Object> results = Uni.join().all(racers).andFailFast().await().atMost(Duration.ofSeconds(30));
            assertThat(results.stream().filter(r -> r instanceof Turn)).hasSize(1);
            Object lost = results.stream().filter(r -> !(r instanceof Turn)).findFirst().orElseThrow();
            assertThat(lost).isInstanceOf(StatusRuntimeException.class);
            StatusRuntimeException sre = (StatusRuntimeException) lost;
            assertThat(sre.getStatus().getCode()).isEqualTo(Status.Code.ABORTED);
            assertThat(sre.getStatus().getDescription()).contains("turn 1");
            assertThat(clarify.get(GetRequest.newBuilder().setSessionId(id).build()).getTurnsList()).hasSize(1);
        }
    }

    @Test
    void badInputGetsActionableStatuses() {
        assertStatus(() -> clarify.start(StartRequest.newBuilder().setQuestion("q").build()), Status.Code.INVALID_ARGUMENT, "at least one candidate");
        assertStatus(() -> clarify.get(GetRequest.newBuilder().setSessionId(UUID.randomUUID().toString()).build()), Status.Code.NOT_FOUND, "no clarification session");
        assertStatus(() -> clarify.get(GetRequest.newBuilder().setSessionId("nope").build()), Status.Code.NOT_FOUND, "nope");
        assertStatus(() -> clarify.start(HotelDialogue.start().toBuilder()
                .addCandidates(Candidate.newBuilder().setId("broken").setSql("DELETE hotels")).build()), Status.Code.INVALID_ARGUMENT, "broken");
        String id = clarify.start(HotelDialogue.start()).getSessionId();
        assertStatus(() -> clarify.answer(HotelDialogue.option(id, 2, "o1")), Status.Code.ABORTED, "turn 2 is not the current turn");
        assertStatus(() -> clarify.answer(HotelDialogue.option(id, 1, "o9")), Status.Code.INVALID_ARGUMENT, "o9");
        assertStatus(() -> clarify.answer(AnswerRequest.newBuilder().setSessionId(id).setTurn(1).build()), Status.Code.INVALID_ARGUMENT, "empty");
        Session cancelled = clarify.cancel(CancelRequest.newBuilder().setSessionId(id).build());
        assertThat(cancelled.getState()).isEqualTo(SessionState.SESSION_STATE_CANCELLED);
        assertStatus(() -> clarify.answer(HotelDialogue.option(id, 1, "o1")), Status.Code.FAILED_PRECONDITION, "cancelled");
    }

    @Test
    void sameFingerprintCollapsesAndMissingPriorsAreUniform() {
        Turn t = clarify.start(StartRequest.newBuilder().setQuestion(HotelDialogue.QUESTION)
                .addCandidates(Candidate.newBuilder().setId("a").setSql(HotelDialogue.STARS).setFingerprint("f1"))
                .addCandidates(Candidate.newBuilder().setId("b").setSql(HotelDialogue.SCORE).setFingerprint("f2"))
                .addCandidates(Candidate.newBuilder().setId("a2").setSql(HotelDialogue.GOOD_STARS).setFingerprint("f1"))
                .build());
        // a and a2 give the same result: one reading; two readings, uniform
        assertThat(t.getDistributionList()).extracting(d -> d.getCandidateId()).containsExactly("a", "b");
        assertThat(t.getDistributionList()).extracting(d -> d.getProbability()).containsExactly(0.5, 0.5);
        assertThat(t.getQuestion().getExpectedGain()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void oneReadingResolvesAtOnce() {
        Turn t = clarify.start(StartRequest.newBuilder().setQuestion("q")
                .addCandidates(Candidate.newBuilder().setId("only").setSql(HotelDialogue.STARS)).build());
        assertThat(t.getResolution().getCandidateId()).isEqualTo("only");
        assertThat(t.getResolution().getReason()).isEqualTo(ResolutionReason.RESOLUTION_REASON_THRESHOLD);
    }

    @Test
    void unhelpfulThenEitherIsFine() {
        Turn first = clarify.start(HotelDialogue.start().toBuilder()
                .setOptions(ClarifyOptions.newBuilder().setConfidenceThreshold(0.95).setStrategy(Strategy.STRATEGY_EIG_FAST)).build());
        String id = first.getSessionId();
        Turn second = clarify.answer(HotelDialogue.text(id, 1, "I don't know"));
        assertThat(second.getQuestion().getVariable()).isNotEqualTo(first.getQuestion().getVariable());
        assertThat(second.getDistributionList()).extracting(d -> d.getProbability()).containsExactly(0.5, 0.3, 0.2);
        Turn third = clarify.answer(HotelDialogue.text(id, 2, "either is fine"));
        assertThat(third.getResolution().getReason()).isIn(ResolutionReason.RESOLUTION_REASON_NOTHING_TO_ASK, ResolutionReason.RESOLUTION_REASON_ANY_IS_FINE);
        Session s = clarify.get(GetRequest.newBuilder().setSessionId(id).build());
        assertThat(s.getTurnsList()).extracting(r -> r.getMapping()).containsExactly("unhelpful", "any");
    }

    @Test
    void freeTextNoWordMatchesGoesToTheEmbeddingModel() {
        String id = clarify.start(HotelDialogue.start()).getSessionId();
        clarify.answer(HotelDialogue.text(id, 1, "what visitors thought of their stay"));
        Session s = clarify.get(GetRequest.newBuilder().setSessionId(id).build());
        // proves the route (MiniLM loaded lazily, one option chosen, stored); not the quality of the
        // choice: MiniLM puts this reply nearer the star rating (see README, "Reply mapping")
        assertThat(s.getTurns(0).getMapping()).isEqualTo("embedding");
        assertThat(s.getTurns(0).getMappedOptionIdsList()).hasSize(1);
    }

    @Test
    void readinessIncludesTheDatabase() {
        RestAssured.given().get("/q/health/ready").then().statusCode(200)
                .body(Matchers.containsStringIgnoringCase("postgresql"));
    }

    @Test
    void metricsTimeEveryRpcInPrometheusFormat() {
        clarify.start(HotelDialogue.start());
        RestAssured.given().get("/q/metrics").then().statusCode(200)
                .body(Matchers.containsString("grpc_server_processing_duration_seconds"))
                .body(Matchers.containsString("method=\"Start\""));
    }

    static void assertStatus(Runnable call, Status.Code code, String inMessage) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).containsIgnoringCase(inMessage);
        });
    }
}

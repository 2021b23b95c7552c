package dev.overtone.clarify.grpc;

import static dev.overtone.clarify.grpc.ClarifyGrpcServiceTest.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.clarify.support.MemoryCalls;
import dev.overtone.clarify.support.RecordedParserTest;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.runtime.testing.ConfigProfile;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * clarify-svc's work time, over gRPC: with none at all, a fork whose pivot term needs the embedding model stops the call
 * at its first comparison by meaning (DEADLINE_EXCEEDED naming the knob, nothing stored), and a fork the question's
 * words name needs none.
 */
@RecordedParserTest
@QuarkusTestResource(EmbeddedPostgresResource.class)
@TestProfile(WorkTimeTest.NoWorkTime.class)
class WorkTimeTest {
    private static final String OUT_OF_TIME = "clarify-svc stopped working on the call after 0 ms (overtone.clarify.limits.work-time)";

    public static class NoWorkTime extends ConfigProfile {
        public NoWorkTime() {
            super(Map.of("overtone.clarify.limits.work-time", "0s"));
        }
    }

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @Test
    void aForkOnlyTheModelCanNameStopsStartAndChoose() {
        // "rating" names neither the stars nor the review score: only their meanings can tie it to them
        assertStatus(() -> clarify.start(analysed(HotelDialogue.QUESTION)), Status.Code.DEADLINE_EXCEEDED, OUT_OF_TIME);

        String tenant = MemoryCalls.newTenant();
        assertStatus(() -> clarify.choose(MemoryCalls.choose(tenant, "hotels", "score")), Status.Code.DEADLINE_EXCEEDED, OUT_OF_TIME);
        assertThat(MemoryCalls.storedChoices(tenant)).isZero();
    }

    @Test
    void aForkTheQuestionsWordsNameNeedsNoTime() {
        assertThat(clarify.start(analysed("Return the stars of each hotel")).getQuestion().getText()).containsIgnoringCase("stars");
    }

    private static StartRequest analysed(String question) {
        return HotelDialogue.start().toBuilder().setQuestion(question).clearCandidates()
                .addAllCandidates(MemoryCalls.analysed(MemoryCalls.candidates())).build();
    }
}

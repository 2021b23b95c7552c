package dev.overtone.clarify.grpc;

import static dev.overtone.clarify.grpc.ClarifyGrpcServiceTest.assertStatus;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.clarify.support.HotelDialogue;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.Option;
import dev.overtone.proto.v1.OptionKind;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.SlotKind;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.Turn;
import dev.overtone.runtime.testing.ConfigProfile;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * parser-svc unreachable: Start over candidates that carry their analysis needs no parser-svc; over
 * candidates without one it says so (UNAVAILABLE naming parser-svc), no silent fallback.
 */
@QuarkusTest
@TestProfile(ParserDownTest.NoParser.class)
@QuarkusTestResource(EmbeddedPostgresResource.class)
class ParserDownTest {

    public static class NoParser extends ConfigProfile {
        public NoParser() {
            super(Map.of("quarkus.grpc.clients.parser.port", "1", "quarkus.grpc.clients.parser.test-port", "1", "overtone.clarify.parser.deadline", "3s"));
        }
    }

    @GrpcClient("clarify")
    ClarifyServiceGrpc.ClarifyServiceBlockingStub clarify;

    @Test
    void candidatesThatCarryTheirAnalysisNeedNoParserAndTheQuestionForksWhereTheirSlotsDiffer() {
        StartRequest.Builder start = StartRequest.newBuilder().setQuestion(HotelDialogue.QUESTION)
                .addCandidates(analysed("stars", HotelDialogue.STARS, "hotels.stars", 0.6))
                .addCandidates(analysed("score", HotelDialogue.SCORE, "AVG(reviews.score)", 0.4));

        Turn turn = clarify.start(start.build());

        // one fork (select[1]): one value option per candidate, with its prior, then "none" and "any"
        assertThat(turn.hasQuestion()).isTrue();
        assertThat(turn.getQuestion().getOptionsList()).extracting(Option::getKind).containsExactly(OptionKind.OPTION_KIND_VALUE,
                OptionKind.OPTION_KIND_VALUE, OptionKind.OPTION_KIND_NONE, OptionKind.OPTION_KIND_ANY);
        assertThat(turn.getQuestion().getOptions(0).getProbability()).isCloseTo(0.6, within(1e-9));
        assertThat(turn.getQuestion().getOptions(1).getProbability()).isCloseTo(0.4, within(1e-9));
    }

    @Test
    void oneCandidateWithoutAnalysisStillNeedsParserSvc() {
        StartRequest request = StartRequest.newBuilder().setQuestion(HotelDialogue.QUESTION)
                .addCandidates(analysed("stars", HotelDialogue.STARS, "hotels.stars", 0.6))
                .addCandidates(Candidate.newBuilder().setId("score").setSql(HotelDialogue.SCORE).setProbability(0.4)).build();
        assertStatus(() -> clarify.start(request), Status.Code.UNAVAILABLE, "parser-svc is unavailable at localhost:1");
    }

    /** A candidate whose slots differ from the others' only in the second select item. */
    private static Candidate.Builder analysed(String id, String sql, String measure, double probability) {
        return Candidate.newBuilder().setId(id).setSql(sql).setProbability(probability).setFingerprint("fp-" + id)
                .setAnalysis(SqlAnalysis.newBuilder().setCanonicalSql(sql)
                        .addSlots(Slot.newBuilder().setPath("select[0]").setKind(SlotKind.SLOT_KIND_SELECT_ITEM).setValue("hotels.name")
                                .setLabel("shows name of hotels").addSchemaElements("hotels.name"))
                        .addSlots(Slot.newBuilder().setPath("select[1]").setKind(SlotKind.SLOT_KIND_SELECT_ITEM).setValue(measure)
                                .setLabel("shows " + measure).addSchemaElements(measure.replaceAll("^AVG\\((.*)\\)$", "$1")))
                        .addSlots(Slot.newBuilder().setPath("from[0]").setKind(SlotKind.SLOT_KIND_FROM).setValue("hotels")
                                .setLabel("from hotels").addSchemaElements("hotels")));
    }

    @Test
    void startIsUnavailableNamingParserSvc() {
        assertStatus(() -> clarify.start(HotelDialogue.start()), Status.Code.UNAVAILABLE, "parser-svc is unavailable at localhost:1");
        // one reading needs no parser
        assertThat(clarify.start(StartRequest.newBuilder().setQuestion("q")
                .addCandidates(Candidate.newBuilder().setId("only").setSql(HotelDialogue.STARS)).build()).hasResolution()).isTrue();
    }
}

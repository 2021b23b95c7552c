package dev.overtone.infill.grpc;

import dev.overtone.proto.v1.InfillOptions;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.InfillServiceGrpc;
import dev.overtone.proto.v1.InfilledReading;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Source;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The readings beyond {@code max-sources} are not varied, only known by their canonical forms (so a variant
 * equal to one is nothing new): from the analyses the caller sent when it sent them, else from one
 * parser-svc AnalyzeBatch. They go to parser-svc as partners a source may be combined with.
 */
@QuarkusTest
@TestProfile(OneSourceProfile.class)
class ReadingsBeyondTheSourcesTest {
    @GrpcClient("infill")
    InfillServiceGrpc.InfillServiceBlockingStub infill;

    @AfterEach
    void everyCallAnsweredFromARecording() {
        FakeParser.assertEveryCallRecorded();
    }

    /** The stars reading (the one source), the names, and the score variant an earlier round found. */
    private static InfillRequest.Builder threeReadings() {
        return InfillRequests.rating()
                .addReadings(Reading.newBuilder().setId("r2").setSql("SELECT name FROM hotels").setSource(Source.SOURCE_CALLER))
                .addReadings(Reading.newBuilder().setId("r3").setSql(FakeParser.SCORE_VARIANT).setSource(Source.SOURCE_INFILL_STRUCTURAL))
                .setOptions(InfillOptions.newBuilder().setModel(false));
    }

    @Test
    void theirCanonicalFormsComeFromTheCallersAnalysesOrElseFromOneAnalyzeBatch() {
        int before = FakeParser.CALLS.get();
        InfillResponse analysedHere = infill.infill(threeReadings().build());

        // VariantsBatch for the source, AnalyzeBatch for the two others
        assertThat(FakeParser.CALLS.get() - before).isEqualTo(2);
        assertThat(analysedHere.getReadingsList()).extracting(InfilledReading::getSql).doesNotContain(FakeParser.SCORE_VARIANT);
        assertThat(analysedHere.getReadingAnalysesMap()).containsOnlyKeys("r1", "r2", "r3");

        // the caller hands back what it was given: parser-svc is asked for the variants only
        before = FakeParser.CALLS.get();
        InfillResponse carried = infill.infill(threeReadings()
                .putReadingAnalyses("r2", analysedHere.getReadingAnalysesOrThrow("r2"))
                .putReadingAnalyses("r3", analysedHere.getReadingAnalysesOrThrow("r3")).build());

        assertThat(FakeParser.CALLS.get() - before).isEqualTo(1);
        assertThat(carried.getReadingsList()).isEqualTo(analysedHere.getReadingsList());
        assertThat(carried.getDegraded()).isFalse();
    }

    @Test
    void theyGoToParserSvcAsPartnersTheSourceMayBeCombinedWith() {
        FakeParser.VARIANTS_BATCHES.clear();
        infill.infill(threeReadings().build());
        // this call's batch, told apart by its question from any other caller's (the warm-up's)
        assertThat(FakeParser.VARIANTS_BATCHES).filteredOn(sent -> sent.getQuestion().equals(threeReadings().getQuestion()))
                .singleElement().satisfies(sent -> {
                    assertThat(sent.getSqlsList()).containsExactly(FakeParser.STARS);
                    assertThat(sent.getPartnersList()).containsExactly("SELECT name FROM hotels", FakeParser.SCORE_VARIANT);
                });
    }
}

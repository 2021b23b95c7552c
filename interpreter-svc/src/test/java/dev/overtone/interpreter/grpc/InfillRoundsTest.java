package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Fakes;
import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;

/** The infill rounds of one call: tied by a call id, and the analyses infill-svc carries used instead of asking parser-svc again. */
@QuarkusTest
class InfillRoundsTest extends AgainstFakes {
    @Test
    void analysesInfillCarriesAreUsedAndParserSvcIsNotAskedAgain() {
        InterpretResponse carried = ask(rating(Hotels.STARS).build());

        // infill-svc hands on what parser-svc gave it while varying: the caller's reading and the one it offers
        assertThat(fakes.parser().analyzeBatches()).isEmpty();
        assertThat(fakes.parser().analyses()).isEmpty();
        assertThat(carried.getTimingsList()).extracting(StageTiming::getKind).doesNotContain(Stage.STAGE_ANALYZE);
        assertThat(carried.getInterpretationsList()).allSatisfy(i -> assertThat(i.hasAnalysis()).as(i.getSql()).isTrue());
        // the second round hands infill-svc back what the first gave, so it need not ask parser-svc either
        List<InfillRequest> rounds = fakes.infill().requests();
        assertThat(rounds).hasSize(2);
        InfillRequest last = rounds.get(1);
        assertThat(last.getReadingsList()).filteredOn(r -> last.containsReadingAnalyses(r.getId())).extracting(Reading::getSql)
                .containsExactlyInAnyOrderElementsOf(carried.getInterpretationsList().stream().map(Interpretation::getSql).toList());
    }

    @Test
    void theInfillRoundsOfOneCallShareACallIdAndAnotherCallHasItsOwn() {
        ask(rating(Hotels.STARS).build());
        ask(rating(Hotels.STARS).build());

        List<InfillRequest> rounds = fakes.infill().requests();
        assertThat(rounds).extracting(InfillRequest::getCallId).hasSize(4).doesNotContain("");
        assertThat(rounds.get(1).getCallId()).isEqualTo(rounds.get(0).getCallId());
        assertThat(rounds.get(3).getCallId()).isEqualTo(rounds.get(2).getCallId()).isNotEqualTo(rounds.get(0).getCallId());
        // the second round is the last the configuration allows (max-rounds 2): infill-svc may forget the call
        assertThat(rounds).extracting(InfillRequest::getLastRound).containsExactly(false, true, false, true);
    }

    @Test
    void aReadingInfillCarriedNoAnalysisForIsAnalysedAlone() {
        InterpretResponse carried = ask(rating(Hotels.STARS).build());
        fakes = Fakes.install();
        fakes.infill().withoutAnalysisOf(Hotels.SCORE_VARIANT);

        InterpretResponse analysedHere = ask(rating(Hotels.STARS).build());

        assertThat(fakes.parser().analyzeBatches()).singleElement().extracting(AnalyzeBatchRequest::getSqlsList).asList()
                .containsExactly(Hotels.SCORE_VARIANT);
        assertThat(analysedHere.getAmbiguity()).as("parser-svc's analysis is the one infill-svc carries").isEqualTo(carried.getAmbiguity());
    }
}

package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Fakes;
import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Reading;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;

/** The infill rounds of one call: tied by a call id, and the analyses infill-svc carries used instead of asking parser-svc again. */
@QuarkusTest
class InfillRoundsTest {
    @GrpcClient("interpreter")
    InterpreterServiceGrpc.InterpreterServiceBlockingStub interpreter;

    private Fakes fakes;

    @BeforeEach
    void installFakes() {
        fakes = Fakes.install();
    }

    @AfterEach
    void everyCallWasAnsweredFromARecording() {
        fakes.assertEveryCallRecorded();
    }

    private InterpretResponse ask(InterpretRequest request) {
        return interpreter.withDeadlineAfter(10, TimeUnit.SECONDS).interpret(request);
    }

    private static Map<String, SqlAnalysis> analysesBySql(InterpretResponse answer) {
        return answer.getInterpretationsList().stream().collect(Collectors.toMap(Interpretation::getSql, Interpretation::getAnalysis));
    }

    @Test
    void analysesInfillCarriesAreUsedAndParserSvcIsNotAskedAgain() {
        InterpretResponse analysedHere = ask(rating(Hotels.STARS).build());
        assertThat(fakes.parser().analyzeBatches()).hasSize(1);
        // infill-svc now hands on what parser-svc gave it while varying: the same analyses, recorded from parser-svc
        Map<String, SqlAnalysis> carriedAnalyses = analysesBySql(analysedHere);
        assertThat(carriedAnalyses).containsOnlyKeys(Hotels.STARS, Hotels.SCORE);
        fakes = Fakes.install();
        fakes.infill().carrying(carriedAnalyses);

        InterpretResponse carried = ask(rating(Hotels.STARS).build());

        assertThat(fakes.parser().analyzeBatches()).isEmpty();
        assertThat(fakes.parser().analyses()).isEmpty();
        assertThat(carried.getTimingsList()).extracting(StageTiming::getKind).doesNotContain(Stage.STAGE_ANALYZE);
        assertThat(carried.getInterpretationsList()).extracting(Interpretation::getAnalysis)
                .containsExactlyElementsOf(analysedHere.getInterpretationsList().stream().map(Interpretation::getAnalysis).toList());
        assertThat(carried.getAmbiguity()).isEqualTo(analysedHere.getAmbiguity());
        // the second round hands infill-svc back what the first gave, so it need not ask parser-svc either
        List<InfillRequest> rounds = fakes.infill().requests();
        assertThat(rounds).hasSize(2);
        InfillRequest last = rounds.get(1);
        assertThat(last.getReadingsList()).filteredOn(r -> last.containsReadingAnalyses(r.getId())).extracting(Reading::getSql)
                .containsExactlyInAnyOrder(Hotels.STARS, Hotels.SCORE);
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
        InterpretResponse analysedHere = ask(rating(Hotels.STARS).build());
        fakes = Fakes.install();
        // infill-svc carries the caller's analysis only (as when its reading was beyond max-sources and AnalyzeBatch failed)
        fakes.infill().carrying(Map.of(Hotels.STARS, analysedHere.getInterpretations(0).getAnalysis()));

        InterpretResponse carried = ask(rating(Hotels.STARS).build());

        assertThat(fakes.parser().analyzeBatches()).singleElement().extracting(AnalyzeBatchRequest::getSqlsList).asList()
                .containsExactly(Hotels.SCORE);
        assertThat(carried.getAmbiguity()).isEqualTo(analysedHere.getAmbiguity());
    }
}

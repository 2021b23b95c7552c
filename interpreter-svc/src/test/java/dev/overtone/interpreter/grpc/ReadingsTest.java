package dev.overtone.interpreter.grpc;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.service.FailedAt;
import dev.overtone.proto.v1.AmbiguousSlot;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.RankingEvidence;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.Outcome;
import dev.overtone.proto.v1.Slot;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.Stage;
import dev.overtone.proto.v1.StageTiming;
import dev.overtone.proto.v1.StartRequest;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.overtone.interpreter.grpc.Questions.assertVerdictAndCutAgree;
import static dev.overtone.interpreter.grpc.Questions.rating;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

/** The readings of an answer: where each came from, how they are grouped, ranked and handed to clarify-svc. */
@QuarkusTest
class ReadingsTest extends AgainstFakes {
    @Test
    void oneCallerSqlComesBackWithTheOtherReadingFromStructuralInfill() {
        InterpretResponse answer = ask(rating(Hotels.STARS).build());

        assertThat(answer.getInterpretationsList()).extracting(Interpretation::getSource)
                .containsExactly(Source.SOURCE_CALLER, Source.SOURCE_INFILL_STRUCTURAL);
        Interpretation caller = answer.getInterpretations(0);
        Interpretation infilled = answer.getInterpretations(1);
        assertThat(caller.getId()).isEqualTo("i1");
        // the words parser-svc's Verbalize gives the caller's SQL (recorded, see FakeParser)
        assertThat(caller.getText()).isEqualTo("the names and stars of all hotels");
        assertThat(caller.getFingerprint()).isEqualTo(Hotels.fingerprint(Hotels.STARS));
        // executor-svc's result is the demo tenant's eight hotels (recorded); the preview holds the first five
        assertThat(caller.getPreview().getRowCount()).isEqualTo(8);
        assertThat(caller.getPreview().getRowsCount()).isEqualTo(5);
        assertThat(infilled.getSql()).isEqualTo(Hotels.SCORE_VARIANT);
        // the words infill-svc gives its variant (recorded, see FakeInfill)
        assertThat(infilled.getText()).isEqualTo("the average score of its reviews instead of the stars");
        assertThat(infilled.getFamily()).isEqualTo("column");
        // the caller's reading carries the defaults' agreement: ranked first, more probable
        assertThat(caller.getProbability()).isGreaterThan(infilled.getProbability());
        assertThat(caller.getProbability() + infilled.getProbability()).isCloseTo(1.0, within(1e-9));

        // one caller reading against one structural variant: the verdict weighs the evidence, the two are
        // returned either way, the outcome follows the verdict and an ambiguous answer shows both
        assertVerdictAndCutAgree(answer);
        AmbiguousSlot select = answer.getAmbiguity().getSlotsList().stream()
                .filter(s -> s.getPath().equals("select[1]")).findFirst().orElseThrow();
        assertThat(select.getQuestionTermsList()).contains("rating");
        assertThat(select.getSchemaElementsList()).containsExactly("hotels.stars", "reviews.score");
        // the join the swapped measure brings along splits the readings the same way: one fork, one line
        assertThat(answer.getAmbiguity().getSlotsList()).extracting(AmbiguousSlot::getPath).containsExactly("select[1]");
        // both readings' analyses came with infill-svc's answer: parser-svc is not asked to analyse them
        assertThat(fakes.parser().analyzeBatches()).isEmpty();
        assertThat(fakes.parser().analyses()).isEmpty();
        assertThat(answer.getTimingsList()).extracting(StageTiming::getKind)
                .contains(Stage.STAGE_SCHEMA, Stage.STAGE_EXECUTE, Stage.STAGE_INFILL, Stage.STAGE_VERBALIZE);
        assertThat(answer.getTotalMicros()).isPositive();
        assertThat(answer.getWarningsList()).noneMatch(w -> w.contains("rating"));
    }

    @Test
    void withEveryStageWholeNothingIsDegradedAndTheAnswerIsComplete() {
        InterpretResponse answer = ask(rating(Hotels.STARS).build());

        assertThat(answer.getDegradationsList()).isEmpty();
        assertThat(answer.getOutcome()).isNotEqualTo(Outcome.OUTCOME_INCOMPLETE);
    }

    @Test
    void answerIsSortedByProbabilityWithTheShownReadingsFirstAndTheRestMarkedAlternative() {
        InterpretResponse answer = ask(rating(Hotels.STARS, Hotels.STARS_PARAPHRASE, Hotels.NAMES).build());

        List<Interpretation> all = answer.getInterpretationsList();
        assertThat(all).extracting(Interpretation::getSql).containsExactlyInAnyOrder(Hotels.STARS, Hotels.NAMES, Hotels.SCORE_VARIANT);
        assertThat(all.get(0).getSql()).isEqualTo(Hotels.STARS);
        assertThat(all).extracting(Interpretation::getId).containsExactly("i1", "i2", "i3");
        for (int k = 1; k < all.size(); k++) {
            assertThat(all.get(k).getProbability()).isLessThanOrEqualTo(all.get(k - 1).getProbability());
        }
        assertThat(all.stream().mapToDouble(Interpretation::getProbability).sum()).isCloseTo(1.0, within(1e-9));
        int shown = answer.getShownCount();
        assertThat(shown).isBetween(1, 3);
        for (int k = 0; k < all.size(); k++) {
            assertThat(all.get(k).getAlternative()).as("reading %d of %d shown", k + 1, shown).isEqualTo(k >= shown);
        }
        assertThat(all.get(0).getEvidenceList()).extracting(RankingEvidence::getName)
                .contains("default_share", "empty_result", "name_grounding", "question_pivots");
        assertThat(all.get(0).getEvidenceList()).filteredOn(e -> e.getName().equals("default_share"))
                .singleElement().satisfies(e -> assertThat(e.getValue()).isCloseTo(2.0 / 3, within(1e-9)));
        assertThat(answer.getAmbiguityProbability()).isBetween(0.0, 1.0);
        assertVerdictAndCutAgree(answer);
    }

    @Test
    void sameResultIsOneInterpretationWithParaphrasesAndFailedSqlIsReported() {
        InterpretRequest request = rating().addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS).setText("the star rating"))
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS_PARAPHRASE))
                .addDefaults(CallerDefault.newBuilder().setSql(Hotels.BROKEN).setText("the rating column"))
                .setOptions(InterpretOptions.newBuilder().setInfill(false).setPreviewRows(2)).build();

        InterpretResponse answer = ask(request);

        assertThat(answer.getOutcome()).isEqualTo(Outcome.OUTCOME_ANSWERABLE);
        assertThat(answer.getInterpretationsCount()).isEqualTo(1);
        Interpretation only = answer.getInterpretations(0);
        assertThat(only.getText()).isEqualTo("the star rating");
        assertThat(only.getProbability()).isEqualTo(1.0);
        assertThat(answer.getShownCount()).isEqualTo(1);
        assertThat(only.getAlternative()).isFalse();
        assertThat(only.getParaphrasesList()).singleElement().satisfies(p -> assertThat(p.getSql()).isEqualTo(Hotels.STARS_PARAPHRASE));
        assertThat(only.getPreview().getRowsCount()).isEqualTo(2);
        assertThat(only.getPreview().getRowCount()).as("the demo tenant's eight hotels").isEqualTo(8);
        assertThat(answer.getFailuresList()).singleElement().satisfies(f -> {
            FailedAt.EXECUTE_REFUSED.assertSaidBy(f);
            assertThat(f.getSql()).isEqualTo(Hotels.BROKEN);
            assertThat(f.getMessage()).contains("no such column");
        });
        assertThat(fakes.executor().batches()).as("the stage's statements in one ExecuteBatch")
                .containsExactly(List.of(Hotels.STARS, Hotels.STARS_PARAPHRASE, Hotels.BROKEN));
        assertThat(fakes.infill().requests()).isEmpty();
        assertThat(answer.getAmbiguity().getAmbiguous()).isFalse();
    }

    /** A model sampled many times: 150 candidates, most of them the same few SQLs written differently. */
    @Test
    void aHundredAndFiftySampledCandidatesAreAnsweredWithEveryRepeatAsAVote() {
        InterpretResponse answer = ask(CandidateCutTest.sampled(150).setOptions(InterpretOptions.newBuilder().setInfill(false)).build());

        assertThat(answer.getInterpretationsList()).extracting(Interpretation::getFingerprint)
                .containsExactlyInAnyOrder(Hotels.fingerprint(Hotels.STARS), Hotels.fingerprint(Hotels.NAMES), Hotels.fingerprint(Hotels.SCORE));
        int routes = answer.getInterpretationsList().stream().mapToInt(i -> 1 + i.getParaphrasesCount()).sum();
        assertThat(routes).as("every candidate is a route to its reading").isEqualTo(150);
        assertThat(answer.getDegradationsList()).isEmpty();
        assertThat(fakes.executor().batches().stream().mapToInt(List::size).sum())
                .as("each distinct SQL executed once: stars, names, the paraphrase, score").isEqualTo(4);
    }

    @Test
    void theAbuseBoundItselfIsAnswered() {
        InterpretResponse answer = ask(CandidateCutTest.sampled(1000).setOptions(InterpretOptions.newBuilder().setInfill(false)).build());

        assertThat(answer.getInterpretationsCount()).isEqualTo(3);
    }

    @Test
    void startClarificationHandsTheCandidatesToClarify() {
        InterpretResponse answer = ask(rating(Hotels.STARS)
                .setOptions(InterpretOptions.newBuilder().setStartClarification(true)).build());

        assertThat(answer.getClarification().getSessionId()).as("the session clarify-svc opened (recorded)").isNotEmpty();
        assertThat(answer.getClarification().getQuestion().getText()).contains("rating");
        // clarify-svc starts from the answer's probabilities: the ranked ones, in order
        StartRequest start = fakes.clarify().starts().get(0);
        assertThat(fakes.clarify().starts()).hasSize(1);
        assertThat(start.getCandidatesList()).extracting(Candidate::getId, Candidate::getFingerprint, Candidate::getProbability)
                .containsExactly(tuple("i1", Hotels.fingerprint(Hotels.STARS), answer.getInterpretations(0).getProbability()),
                        tuple("i2", Hotels.fingerprint(Hotels.SCORE), answer.getInterpretations(1).getProbability()));
        // each candidate carries the analysis the ambiguity summary was made from, so clarify-svc needs no Analyze
        assertThat(start.getCandidatesList()).extracting(Candidate::getAnalysis)
                .containsExactly(answer.getInterpretations(0).getAnalysis(), answer.getInterpretations(1).getAnalysis());
        assertThat(start.getCandidatesList()).allSatisfy(c -> assertThat(c.getAnalysis().getSlotsList())
                .extracting(Slot::getPath).contains("select[1]"));
        assertThat(answer.getAmbiguity().getSlotsList()).extracting(AmbiguousSlot::getPath).containsExactly("select[1]");
        assertThat(answer.getTimingsList()).extracting(StageTiming::getKind).contains(Stage.STAGE_CLARIFY);
    }
}

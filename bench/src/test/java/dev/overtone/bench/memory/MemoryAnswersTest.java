package dev.overtone.bench.memory;

import dev.overtone.bench.client.RecordedInterpreter;
import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.ChooseResponse;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import dev.overtone.proto.v1.RememberedChoice;
import dev.overtone.proto.v1.SqlAnalysis;
import dev.overtone.proto.v1.StageTiming;
import dev.overtone.proto.v1.StartRequest;
import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Answers as the memory protocol reads them and hands them on to clarify-svc. */
class MemoryAnswersTest {
    private static final String STARS = "SELECT name, stars\n  FROM hotels";

    private static Interpretation.Builder reading(String id, String sql, double p) {
        return Interpretation.newBuilder().setId(id).setSql(sql).setText("text of " + id).setProbability(p).setFingerprint("f" + id);
    }

    private final InterpretResponse answer = InterpretResponse.newBuilder()
            .addInterpretations(reading("i1", STARS, 0.6).setAnalysis(SqlAnalysis.newBuilder().setCanonicalSql("SELECT hotels.name, hotels.stars FROM hotels"))
                    .addRemembered(RememberedChoice.newBuilder().setChosenLabel("star rating")))
            .addInterpretations(reading("i2", "SELECT name FROM hotels", 0.4))
            .addTimings(StageTiming.newBuilder().setMicros(120)).setTotalMicros(900).build();

    @Test
    void candidatesCarryEachRealReadingWithItsAnalysisAndNoneWhereAReadingHasNone() {
        InterpretResponse real = RecordedInterpreter.recorded("interpret.stars.json");
        InterpretResponse unanalysed = real.toBuilder().setInterpretations(1, real.getInterpretations(1).toBuilder().clearAnalysis()).build();

        assertThat(MemoryAnswers.candidates(real)).zipSatisfy(real.getInterpretationsList(), (candidate, reading) ->
                assertThat(candidate).isEqualTo(Candidate.newBuilder().setId(reading.getId()).setSql(reading.getSql())
                        .setText(reading.getText()).setProbability(reading.getProbability()).setFingerprint(reading.getFingerprint())
                        .setAnalysis(reading.getAnalysis()).build()));
        assertThat(MemoryAnswers.candidates(unanalysed)).extracting(Candidate::hasAnalysis).containsExactly(true, false);
    }

    @Test
    void aStartIsRememberedUnderItsTenantOrNotAtAll() {
        StartRequest start = MemoryAnswers.start(null, answer, "mr1-repeat0", "hotels");

        assertThat(start.getQuestion()).isEmpty();
        assertThat(start.getTenant()).isEqualTo("mr1-repeat0");
        assertThat(start.getCandidatesCount()).isEqualTo(2);
        assertThat(MemoryAnswers.withoutTenant(start)).isEqualTo(start.toBuilder().setTenant("").setDatabase("").build());
    }

    @Test
    void aReadingIsFoundByItsExactSqlAndAnAnswerAppliedWhereSomeReadingIsRemembered() {
        assertThat(MemoryAnswers.idOf(answer, "SELECT name FROM hotels")).isEqualTo("i2");
        assertThat(MemoryAnswers.idOf(answer, "select name from hotels")).isNull();
        assertThat(MemoryAnswers.idOf(answer, null)).isNull();
        assertThat(MemoryAnswers.applied(answer)).isTrue();
        assertThat(MemoryAnswers.applied(answer.toBuilder().setInterpretations(0, reading("i1", STARS, 0.6)).build())).isFalse();
    }

    @Test
    void readingsAreTheFirstEightOnOneLineEachMarkedWhereTheyReturnTheIntent() {
        assertThat(MemoryAnswers.readings(answer, sql -> sql.contains("stars"))).containsExactly(
                "i1 0.600 + SELECT name, stars FROM hotels [star rating]", "i2 0.400 - SELECT name FROM hotels");
        InterpretResponse many = InterpretResponse.newBuilder().addAllInterpretations(IntStream.range(0, 12)
                .mapToObj(i -> reading("i" + i, "SELECT " + i, 0.05).build()).toList()).build();
        assertThat(MemoryAnswers.readings(many, sql -> false)).hasSize(8);
    }

    @Test
    void choicesReadAsClauseTermChosenOverRejected() {
        ChooseResponse chosen = ChooseResponse.newBuilder().addRemembered(RememberedChoice.newBuilder().setClause("select")
                .setPivotTerm("rating").setChosenValue("hotels.stars\n").addRejectedValues("AVG(reviews.score)")).build();

        assertThat(MemoryAnswers.choices(chosen)).containsExactly("select 'rating': hotels.stars  over [AVG(reviews.score)]");
    }

    @Test
    void untimedDropsOnlyTheTimes() {
        InterpretResponse untimed = MemoryAnswers.untimed(answer);

        assertThat(untimed.getTimingsCount()).isZero();
        assertThat(untimed.getTotalMicros()).isZero();
        assertThat(untimed.getInterpretationsList()).isEqualTo(answer.getInterpretationsList());
    }
}

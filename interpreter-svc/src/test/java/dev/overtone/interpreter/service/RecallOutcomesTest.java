package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.Candidate;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import org.junit.jupiter.api.Test;

/** Recall's answers kept per request under the database's stamp, until the stamp changes or a choice expires. */
class RecallOutcomesTest {
    private static final MemoryWatch.Stamp STAMP = new MemoryWatch.Stamp(1, 0, 0);
    private static final long NOW = 1_000_000;
    private static final RecallResponse ANSWER = RecallResponse.newBuilder().addConsistentCandidateIds("i1").setAnyRemembered(true)
            .setValidUntilMicros(NOW + 60_000_000).build();

    private final RecallOutcomes outcomes = new RecallOutcomes(2);

    @Test
    void anAnswerIsGivenBackForTheSameRequestUnderTheSameStampOnly() {
        outcomes.keep(request("rating of each hotel", "SELECT stars FROM hotels"), ANSWER, STAMP);

        assertThat(outcomes.get(request("rating of each hotel", "SELECT stars FROM hotels"), STAMP, NOW)).contains(ANSWER);
        assertThat(outcomes.get(request("rating of each hotel", "SELECT score FROM reviews"), STAMP, NOW)).as("other readings").isEmpty();
        assertThat(outcomes.get(request("stars of each hotel", "SELECT stars FROM hotels"), STAMP, NOW)).as("another question").isEmpty();
        assertThat(outcomes.get(request("rating of each hotel", "SELECT stars FROM hotels"), new MemoryWatch.Stamp(1, 7, 0), NOW))
                .as("a record or forget heard since").isEmpty();
        assertThat(outcomes.get(request("rating of each hotel", "SELECT stars FROM hotels"), STAMP, NOW))
                .as("dropped once its stamp was found changed").isEmpty();
    }

    @Test
    void anAnswerIsNotGivenBackOnceTheFirstOfItsChoicesExpires() {
        outcomes.keep(request("q", "SELECT 1"), ANSWER, STAMP);

        assertThat(outcomes.get(request("q", "SELECT 1"), STAMP, ANSWER.getValidUntilMicros() - 1)).contains(ANSWER);
        assertThat(outcomes.get(request("q", "SELECT 1"), STAMP, ANSWER.getValidUntilMicros())).isEmpty();
    }

    @Test
    void anAnswerWithoutAnExpiryIsNotKeptAndTheLeastRecentlyUsedGoesFirst() {
        outcomes.keep(request("nothing", "SELECT 1"), ANSWER.toBuilder().clearValidUntilMicros().build(), STAMP);
        assertThat(outcomes.size()).isZero();

        outcomes.keep(request("a", "SELECT 1"), ANSWER, STAMP);
        outcomes.keep(request("b", "SELECT 1"), ANSWER, STAMP);
        outcomes.get(request("a", "SELECT 1"), STAMP, NOW);
        outcomes.keep(request("c", "SELECT 1"), ANSWER, STAMP);

        assertThat(outcomes.size()).isEqualTo(2);
        assertThat(outcomes.get(request("b", "SELECT 1"), STAMP, NOW)).as("the least recently used").isEmpty();
        assertThat(outcomes.get(request("a", "SELECT 1"), STAMP, NOW)).contains(ANSWER);
    }

    @Test
    void noneIsKeptWithCapacityZero() {
        RecallOutcomes none = new RecallOutcomes(0);
        none.keep(request("q", "SELECT 1"), ANSWER, STAMP);

        assertThat(none.get(request("q", "SELECT 1"), STAMP, NOW)).isEmpty();
    }

    private static RecallRequest request(String question, String sql) {
        return RecallRequest.newBuilder().setTenant("demo").setDatabase("hotels").setQuestion(question)
                .addCandidates(Candidate.newBuilder().setId("i1").setSql(sql)).build();
    }
}

package dev.overtone.clarify.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.service.ClarifyException;
import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.PlannedQuestion;
import dev.overtone.clarify.service.QuestionWriter;
import dev.overtone.clarify.service.ReplyKind;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every reply type: option id, number, helpful text, partial, several, unhelpful, none, any. */
class ReplyMapperTest {
    static final DecisionVariable RATING = new DecisionVariable("v1", List.of("select[1]"), "select", new int[] {0, 1},
            List.of("hotels.stars", "AVG(reviews.score)"),
            List.of("the hotels' star rating (hotels.stars)", "the average guest review score (reviews.score)"),
            List.of("hotels.stars hotels.stars", "reviews.score AVG(reviews.score)"));
    static final DecisionVariable CLAIM_DATE = new DecisionVariable("v1", List.of("select[0]"), "select", new int[] {0, 1, 2},
            List.of("Date_Claim_Made", "Date_Claim_Settled", "Product_Name"),
            List.of("Date_Claim_Made", "Date_Claim_Settled", "Product_Name"),
            List.of("claims.Date_Claim_Made", "claims.Date_Claim_Settled", "products.Product_Name"));

    private static ReplyMapper mapper(DecisionVariable v, double... p) {
        PlannedQuestion q = QuestionWriter.write(v, p, 1.0, 8);
        return new ReplyMapper(q.options(), v);
    }

    @Test
    void optionIds() {
        ReplyMapper m = mapper(RATING, 0.6, 0.4);
        MappedReply r = m.mapOptionId("o2");
        assertThat(r.kind()).isEqualTo(ReplyKind.ONE);
        assertThat(r.codes()).containsExactly(1);
        assertThat(r.mapping()).isEqualTo("option");
        assertThat(m.mapOptionId("o3").kind()).isEqualTo(ReplyKind.NONE);
        assertThat(m.mapOptionId("o4").kind()).isEqualTo(ReplyKind.ANY);
        assertThatThrownBy(() -> m.mapOptionId("o9")).isInstanceOf(ClarifyException.class)
                .hasMessageContaining("o9").extracting(e -> ((ClarifyException) e).kind()).isEqualTo(ClarifyException.Kind.INVALID_ARGUMENT);
    }

    @Test
    void numbersInText() {
        ReplyMapper m = mapper(RATING, 0.6, 0.4);
        assertThat(m.mapText("1").orElseThrow().codes()).containsExactly(0);
        assertThat(m.mapText("1 and 2").orElseThrow().kind()).isEqualTo(ReplyKind.SEVERAL);
        assertThatThrownBy(() -> m.mapText("7")).isInstanceOf(ClarifyException.class);
        assertThatThrownBy(() -> m.mapText("  ")).isInstanceOf(ClarifyException.class);
    }

    @Test
    void helpfulConciseAndVerbose() {
        ReplyMapper m = mapper(RATING, 0.6, 0.4);
        MappedReply concise = m.mapText("stars").orElseThrow();
        assertThat(concise.codes()).containsExactly(0);
        assertThat(concise.mapping()).isEqualTo("lexical");
        MappedReply verbose = m.mapText("I mean what the guests gave in their reviews, the score").orElseThrow();
        assertThat(verbose.codes()).containsExactly(1);
        assertThat(verbose.kind()).isEqualTo(ReplyKind.ONE);
    }

    @Test
    void partiallyHelpfulAbbreviation() {
        ReplyMapper m = mapper(CLAIM_DATE, 0.4, 0.4, 0.2);
        MappedReply r = m.mapText("prod").orElseThrow();
        assertThat(r.codes()).containsExactly(2);
    }

    @Test
    void severalValues() {
        ReplyMapper m = mapper(CLAIM_DATE, 0.4, 0.4, 0.2);
        MappedReply r = m.mapText("made and settled").orElseThrow();
        assertThat(r.kind()).isEqualTo(ReplyKind.SEVERAL);
        assertThat(r.codes()).containsExactlyInAnyOrder(0, 1);
        // "claim" is shared by two options but not by all three: both dates
        assertThat(m.mapText("the claim one").orElseThrow().codes()).containsExactlyInAnyOrder(0, 1);
    }

    @Test
    void unhelpfulNoneAndAny() {
        ReplyMapper m = mapper(RATING, 0.6, 0.4);
        MappedReply dunno = m.mapText("I don't know").orElseThrow();
        assertThat(dunno.kind()).isEqualTo(ReplyKind.UNHELPFUL);
        assertThat(dunno.mapping()).isEqualTo("unhelpful");
        assertThat(dunno.optionIds()).isEmpty();
        MappedReply neither = m.mapText("neither of those").orElseThrow();
        assertThat(neither.kind()).isEqualTo(ReplyKind.NONE);
        assertThat(neither.codes()).isEqualTo(Set.of(0, 1));
        MappedReply either = m.mapText("Either is fine").orElseThrow();
        assertThat(either.kind()).isEqualTo(ReplyKind.ANY);
        assertThat(either.mapping()).isEqualTo("any");
        assertThat(m.mapText("doesn't matter").orElseThrow().kind()).isEqualTo(ReplyKind.ANY);
        // nothing lexical: left to the embedding model
        assertThat(m.mapText("how good the place is")).isEmpty();
    }
}

package dev.overtone.bench.clarify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.overtone.bench.clarify.SimulatedUser.Kind;
import dev.overtone.bench.clarify.SimulatedUser.OptionView;
import dev.overtone.proto.v1.CandidateProbability;
import dev.overtone.proto.v1.OptionKind;
import dev.overtone.proto.v1.Reply;
import dev.overtone.proto.v1.Resolution;
import dev.overtone.proto.v1.Turn;

/** Which reply each simulated user gives. */
class SimulatedUserTest {

    private static final OptionView STARS = new OptionView("o1", OptionKind.OPTION_KIND_VALUE,
            "the hotel's star rating (hotels.stars)", Set.of("i1"));
    private static final OptionView REVIEWS = new OptionView("o2", OptionKind.OPTION_KIND_VALUE,
            "the average guest review score (reviews.score)", Set.of("i2", "i3"));
    private static final OptionView NONE = new OptionView("o3", OptionKind.OPTION_KIND_NONE, "none of these", Set.of());
    private static final List<OptionView> OPTIONS = List.of(STARS, REVIEWS, NONE);

    @Test
    void helpfulPicksTheOptionKeepingTheIntendedReading() {
        assertThat(SimulatedUser.reply(Kind.HELPFUL, 1, OPTIONS, Set.of("i3")))
                .isEqualTo(Reply.newBuilder().setOptionId("o2").build());
        assertThat(SimulatedUser.reply(Kind.HELPFUL, 2, OPTIONS, Set.of("i1")).getOptionId()).isEqualTo("o1");
    }

    @Test
    void helpfulPrefersTheMostSpecificOption() {
        OptionView broad = new OptionView("b", OptionKind.OPTION_KIND_VALUE, "any rating", Set.of("i1", "i2", "i3"));
        OptionView narrow = new OptionView("n", OptionKind.OPTION_KIND_VALUE, "stars", Set.of("i1"));
        assertThat(SimulatedUser.helpfulChoice(List.of(broad, narrow), Set.of("i1")).id()).isEqualTo("n");
    }

    @Test
    void helpfulSaysNoneOfTheseWhenNoOptionKeepsTheIntent() {
        assertThat(SimulatedUser.reply(Kind.HELPFUL, 1, OPTIONS, Set.of("i9")).getOptionId()).isEqualTo("o3");
        assertThat(SimulatedUser.reply(Kind.HELPFUL, 1, List.of(STARS), Set.of("i9")).getFreeText())
                .isEqualTo(SimulatedUser.NONE_OF_THESE);
    }

    @Test
    void partialNamesOnlyPartOfTheLabel() {
        Reply r = SimulatedUser.reply(Kind.PARTIAL, 1, OPTIONS, Set.of("i1"));
        assertThat(r.hasFreeText()).isTrue();
        assertThat(r.getFreeText()).isNotBlank().isNotEqualTo(STARS.label());
        assertThat(STARS.label()).contains(r.getFreeText().split(" ")[0]);
        assertThat(r.getFreeText().split(" ").length).isLessThan(STARS.label().split(" ").length);
        assertThat(SimulatedUser.reply(Kind.PARTIAL, 1, OPTIONS, Set.of("i9")).getFreeText())
                .isEqualTo(SimulatedUser.NONE_OF_THESE);
    }

    @Test
    void unhelpfulSaysIDontKnowToEveryOtherQuestion() {
        assertThat(SimulatedUser.reply(Kind.UNHELPFUL, 1, OPTIONS, Set.of("i1")).getFreeText()).isEqualTo(SimulatedUser.DONT_KNOW);
        assertThat(SimulatedUser.reply(Kind.UNHELPFUL, 2, OPTIONS, Set.of("i1")).getOptionId()).isEqualTo("o1");
        assertThat(SimulatedUser.reply(Kind.UNHELPFUL, 3, OPTIONS, Set.of("i1")).getFreeText()).isEqualTo(SimulatedUser.DONT_KNOW);
        assertThat(SimulatedUser.needsCandidates(Kind.UNHELPFUL, 1)).isFalse();
        assertThat(SimulatedUser.needsCandidates(Kind.HELPFUL, 1)).isTrue();
    }

    @Test
    void probingKeepsTheCandidatesThatHoldTheirWeight() {
        Turn after = Turn.newBuilder()
                .addDistribution(CandidateProbability.newBuilder().setCandidateId("i1").setProbability(0.02))
                .addDistribution(CandidateProbability.newBuilder().setCandidateId("i2").setProbability(0.49))
                .addDistribution(CandidateProbability.newBuilder().setCandidateId("i3").setProbability(0.49)).build();
        Map<String, Double> before = Map.of("i1", 0.5, "i2", 0.25, "i3", 0.25);
        assertThat(Dialogue.kept(before, Dialogue.distribution(after), after)).containsExactlyInAnyOrder("i2", "i3");
        Turn resolved = Turn.newBuilder().setResolution(Resolution.newBuilder().setCandidateId("i1")).build();
        assertThat(Dialogue.kept(before, Map.of(), resolved)).containsExactly("i1");
    }
}

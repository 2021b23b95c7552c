package dev.overtone.parser.variants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.overtone.parser.analysis.Schemas;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The attachment family alone: a condition shared by listed alternatives (an OR or an IN-list beside it) attached to
 * the last, the first or every alternative, a top-level OR whose last branch carries it tried on every branch, a
 * condition every part of a UNION shares tried on the last part only, and a question that says "and" or "or" scoring
 * them higher.
 */
class AttachmentFamilyTest {
    private static final AttachmentFamily FAMILY = new AttachmentFamily();

    @Test
    void aConditionBesideListedAlternativesIsAttachedToTheLastTheFirstOrEveryOne() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT name FROM hotels WHERE (city = 'Rome' OR city = 'Paris') AND stars = 5",
                Schemas.hotels(), "hotels in Rome or Paris with five stars");

        assertThat(proposed).hasSizeGreaterThanOrEqualTo(3);
        assertThat(proposed.subList(0, 3)).extracting(Variant::slotPath).containsOnly("where/and[0]");
        assertThat(proposed.subList(0, 3)).extracting(Variant::description).containsExactly(
                "the condition applies only to the last of the listed alternatives",
                "the condition applies only to the first of the listed alternatives",
                "the condition applies to every listed alternative");
        assertThat(proposed.subList(0, 3)).extracting(Variant::sql).containsExactly(
                "SELECT name FROM hotels WHERE city = 'Rome' OR city = 'Paris' AND stars = 5",
                "SELECT name FROM hotels WHERE city = 'Rome' AND stars = 5 OR city = 'Paris'",
                "SELECT name FROM hotels WHERE (city = 'Rome' OR city = 'Paris') AND stars = 5");
        assertThat(proposed.subList(0, 3)).extracting(Variant::score).containsExactly(0.7,
                0.7 * 0.6, 0.7 * 0.5);
    }

    @Test
    void anInListIsReadAsAlternativesAndAQuestionWithoutAndOrOrScoresLower() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT name FROM hotels WHERE city IN ('Rome', 'Paris') AND stars = 5",
                Schemas.hotels(), "five-star hotels of Rome, Paris");

        assertThat(proposed.get(0).sql()).isEqualTo("SELECT name FROM hotels WHERE city = 'Rome' OR city = 'Paris' AND stars = 5");
        assertThat(proposed.get(0).score()).isCloseTo(0.35, Offset.offset(1e-9));
    }

    @Test
    void aTopLevelOrWhoseLastBranchCarriesAConditionIsTriedWithItOnEveryBranch() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT name FROM hotels WHERE city = 'Rome' OR city = 'Paris' AND stars = 5",
                Schemas.hotels(), "hotels in Rome or Paris with five stars");

        assertThat(proposed).extracting(Variant::slotPath, Variant::sql, Variant::description)
                .contains(tuple("where", "SELECT name FROM hotels WHERE (city = 'Rome' OR city = 'Paris') AND stars = 5",
                        "the condition applies to every listed alternative"));
    }

    @Test
    void aConditionEveryPartOfAUnionSharesIsTriedOnTheLastPartOnly() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT name FROM hotels WHERE city = 'Rome' AND stars = 5 "
                + "UNION SELECT name FROM hotels WHERE city = 'Paris' AND stars = 5", Schemas.hotels(), "hotels in Rome and Paris with five stars");

        assertThat(proposed).extracting(Variant::slotPath, Variant::sql, Variant::description)
                .contains(tuple("set_operation", "SELECT name FROM hotels WHERE city = 'Rome'"
                        + " UNION SELECT name FROM hotels WHERE city = 'Paris' AND stars = 5",
                        "the shared condition applies only to the last combined part"));
    }

    @Test
    void aConditionWithoutAlternativesBesideItProposesNothing() {
        assertThat(FamilyProposals.of(FAMILY, "SELECT name FROM hotels WHERE city = 'Rome' AND stars = 5", Schemas.hotels(),
                "hotels in Rome with five stars")).isEmpty();
        assertThat(FamilyProposals.of(FAMILY, "SELECT name FROM hotels WHERE city IN ('Rome', 'Paris', 'Nice', 'Oslo', 'Bern') AND stars = 5",
                Schemas.hotels(), "hotels in five cities with five stars")).as("more than four alternatives").isEmpty();
    }
}

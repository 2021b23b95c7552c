package dev.overtone.infill.service;

import dev.overtone.proto.v1.Variant;
import dev.overtone.proto.v1.VariantsResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SiblingSwapsTest {
    private static final String PLANES = "SELECT name FROM plane";
    private static final Variant JETS = variant("SELECT name FROM jet", "table");
    private static final Variant PLANES_WITH_MAKER = variant("SELECT name, maker FROM plane", "projection");
    private static final Variant SURNAMES = variant("SELECT surname FROM pilot", "column");
    /** What the call's first round offered for the caller's reading: a sibling table, a column added, a sibling column. */
    private static final VariantsResult FIRST_ROUND = VariantsResult.newBuilder().setCanonicalSql(PLANES)
            .addVariants(JETS).addVariants(PLANES_WITH_MAKER).addVariants(SURNAMES).build();

    @Test
    void theCallsOwnSwapsAreNotVariedAgainTheRestAre() {
        SiblingSwaps swaps = new SiblingSwaps(List.of(FIRST_ROUND));

        assertThat(swaps.varies(JETS.getSql())).isFalse();
        assertThat(swaps.varies(SURNAMES.getSql())).isFalse();
        assertThat(swaps.varies(PLANES_WITH_MAKER.getSql())).isTrue();
        assertThat(swaps.varies(PLANES)).isTrue();
    }

    @Test
    void aSwapIsOfferedForAReadingSomeoneAskedForNotForTheCallsOwnVariant() {
        SiblingSwaps swaps = new SiblingSwaps(List.of(FIRST_ROUND));
        Variant jetsWithMaker = variant("SELECT name, maker FROM jet", "table");

        assertThat(swaps.offers(PLANES_WITH_MAKER.getSql(), jetsWithMaker)).isFalse();
        assertThat(swaps.offers(PLANES, JETS)).isTrue();
        assertThat(swaps.offers(PLANES_WITH_MAKER.getSql(), variant("SELECT maker FROM plane", "projection"))).isTrue();
    }

    @Test
    void aFirstRoundVariesAndOffersEverything() {
        SiblingSwaps none = new SiblingSwaps(List.of());

        assertThat(none.varies(JETS.getSql())).isTrue();
        assertThat(none.offers(PLANES_WITH_MAKER.getSql(), JETS)).isTrue();
    }

    private static Variant variant(String sql, String family) {
        return Variant.newBuilder().setSql(sql).setFamily(family).build();
    }
}

package dev.overtone.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

import org.junit.jupiter.api.Test;

class PaperFiguresTest {

    @Test
    void aDataSetIsRecognisedByItsAmbiguityTypesAndOnlyWhenAllAreOneSets() {
        assertThat(PaperFigures.forTypes(Set.of("scope", "vague")).dataset()).isEqualTo("Ambrosia");
        assertThat(PaperFigures.forTypes(Set.of("C", "J")).dataset()).isEqualTo("AmbiQT");
        assertThat(PaperFigures.forTypes(Set.of("scope", "C"))).as("a mix is neither").isNull();
        assertThat(PaperFigures.forTypes(Set.of("scope", "typo"))).isNull();
        assertThat(PaperFigures.forTypes(Set.of())).isNull();
    }

    /** The chart draws the paper's own system beside ours, not the prompting baseline listed first. */
    @Test
    void theHeadlineIsThePapersOwnSystem() {
        PaperFigures.Row ambrosia = PaperFigures.headline(PaperFigures.forTypes(Set.of("scope")));
        assertThat(ambrosia.system()).startsWith("DFPL: Ours");
        assertThat(ambrosia.full()).isEqualTo(18.8);
        assertThat(PaperFigures.headline(PaperFigures.forTypes(Set.of("T"))).full()).isEqualTo(53.2);
    }
}

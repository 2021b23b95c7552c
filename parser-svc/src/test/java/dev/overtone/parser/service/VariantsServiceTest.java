package dev.overtone.parser.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.parser.analysis.Schemas;
import dev.overtone.parser.variants.Variant;
import dev.overtone.proto.v1.Schema;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A batch of sources varied against one schema and question: each source's analysis beside its variants, a source
 * given twice worked out once, one that does not parse answered with its error alone, at most the default number of
 * variants when none is asked, and an unknown family failing the whole batch.
 */
class VariantsServiceTest {
    private static final String ATTACHED = "SELECT name FROM performer WHERE (country = 'France' OR country = 'Spain') AND age > 30";

    private final VariantsService service = new VariantsService(StandInWriter.config());
    private final Schema schema = Schemas.performers();

    @Test
    void eachSourceGetsItsAnalysisAndVariantsAndASourceGivenTwiceIsWorkedOutOnce() {
        List<VariantsService.SourceVariants> batch = service.variants(List.of(ATTACHED, "SELEC name FROM", ATTACHED), List.of(),
                schema, "performers from France or Spain over thirty", 0, Set.of(Variant.ATTACHMENT));

        assertThat(batch).hasSize(3);
        assertThat(batch.get(2)).isSameAs(batch.get(0));
        assertThat(batch.get(0).analysis().canonicalSql()).isEqualTo(ATTACHED);
        assertThat(batch.get(0).variants()).isNotEmpty().hasSizeLessThanOrEqualTo(5)
                .allSatisfy(v -> assertThat(v.family()).isEqualTo(Variant.ATTACHMENT));
        assertThat(batch.get(0).error()).isEmpty();
        assertThat(batch.get(1).analysis()).isNull();
        assertThat(batch.get(1).variants()).isEmpty();
        assertThat(batch.get(1).error()).startsWith("SQL does not parse");
    }

    @Test
    void theNumberAskedForCapsTheVariantsAndAnUnknownFamilyFailsTheBatch() {
        assertThat(service.variants(List.of(ATTACHED), List.of(), schema, "", 1, Set.of()).get(0).variants()).hasSize(1);

        assertThatThrownBy(() -> service.variants(List.of(ATTACHED), List.of(), schema, "", 0, Set.of("guesswork")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("families names \"guesswork\", which is no variant family");
    }
}

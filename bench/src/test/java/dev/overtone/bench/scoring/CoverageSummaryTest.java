package dev.overtone.bench.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CoverageSummaryTest {

    @Test
    void ambiguousAndUnambiguousAreSummedApartEachByTypeInOrderOfFirstAppearance() {
        CoverageSummary s = CoverageSummary.of(List.of(
                scored("scope", true, 1, false),
                scored("attachment", true, 0, false),
                scored("scope", true, 1, true),
                scored("untyped", false, 1, false)));

        assertThat(s.subsets().keySet()).containsExactly(CoverageSummary.AMBIGUOUS, CoverageSummary.UNAMBIGUOUS);
        CoverageSummary.Subset amb = s.subsets().get(CoverageSummary.AMBIGUOUS);
        assertThat(amb.total().n()).isEqualTo(3);
        assertThat(amb.total().fullCoverage()).isCloseTo(200.0 / 3, within(1e-9));
        assertThat(amb.total().failures()).isEqualTo(1);
        assertThat(amb.byType().keySet()).containsExactly("scope", "attachment");
        assertThat(amb.byType().get("scope").fullCoverage()).isEqualTo(100.0);
        assertThat(s.subsets().get(CoverageSummary.UNAMBIGUOUS).byType().keySet()).containsExactly("untyped");
    }

    @Test
    void aLabelWithoutExamplesHasNoSubset() {
        CoverageSummary s = CoverageSummary.of(List.of(scored("scope", true, 1, false)));

        assertThat(s.subsets().keySet()).containsExactly(CoverageSummary.AMBIGUOUS);
        assertThat(s.toJson().keySet()).containsExactly(CoverageSummary.AMBIGUOUS);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theJsonNestsEachTypeUnderItsSubset() {
        Map<String, Object> json = CoverageSummary.of(List.of(scored("scope", true, 1, false), scored("vague", true, 0, false))).toJson();

        Map<String, Object> amb = (Map<String, Object>) json.get(CoverageSummary.AMBIGUOUS);
        assertThat(amb).containsEntry("n", 2);
        Map<String, Object> byType = (Map<String, Object>) amb.get("by_type");
        assertThat(byType.keySet()).containsExactly("scope", "vague");
        assertThat((Map<String, Object>) byType.get("vague")).containsEntry("n", 1);
    }

    private static CoverageSummary.Scored scored(String type, boolean ambiguous, double full, boolean failed) {
        ExampleScore score = new ExampleScore("id", full, full, full, full, full, List.of("SELECT 1"), 0, 1, List.of(full > 0),
                List.of(full > 0), null);
        return new CoverageSummary.Scored(type, ambiguous, score, failed);
    }
}

package dev.overtone.bench.candidates;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

class SampledCandidatesTest {
    /** Three defaults, each told apart by one word no rewrite or spelling touches: stars, score, city. */
    private static final List<String> DEFAULTS = List.of("SELECT name, stars FROM hotels",
            "SELECT name, AVG(score) FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id GROUP BY name",
            "SELECT name FROM hotels WHERE city = 'Lyon'");

    /** The SQL with sampling's surface noise taken off: case, spacing, the trailing semicolon. */
    private static String plain(String sql) {
        return sql.strip().replaceAll(";+$", "").replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private static long drawsOf(List<String> list, String word) {
        return list.stream().filter(sql -> sql.toLowerCase(Locale.ROOT).contains(word)).count();
    }

    @Test
    void theSmallListIsTheStartOfTheLargeOneForTheSameSeed() {
        List<String> large = SampledCandidates.of(DEFAULTS, 150, 7);
        assertThat(large).hasSize(150);
        assertThat(SampledCandidates.of(DEFAULTS, 15, 7)).isEqualTo(large.subList(0, 15));
        assertThat(SampledCandidates.of(DEFAULTS, 150, 8)).isNotEqualTo(large);
    }

    @Test
    void everyDefaultComesFirstInOrderThenEachNextIsDrawnLessOften() {
        List<String> large = SampledCandidates.of(DEFAULTS, 150, 7);
        assertThat(large.get(0)).contains("stars");
        assertThat(large.get(1)).contains("score");
        assertThat(large.get(2)).contains("city");
        assertThat(drawsOf(large, "stars")).as("half the draws").isGreaterThan(drawsOf(large, "score"));
        assertThat(drawsOf(large, "stars") + drawsOf(large, "score") + drawsOf(large, "city")).isEqualTo(150);
    }

    @Test
    void theListHoldsRepeatsSurfaceVariantsAndSomeRewrittenSql() {
        List<String> large = SampledCandidates.of(DEFAULTS, 150, 7);
        long written = large.stream().distinct().count();
        long distinctSql = large.stream().map(SampledCandidatesTest::plain).distinct().count();
        assertThat(distinctSql).as("new distinct SQL, but far fewer than draws").isGreaterThan(DEFAULTS.size()).isLessThan(20);
        assertThat(written).as("the same SQL written several ways").isGreaterThan(distinctSql);
        assertThat(large).anySatisfy(sql -> assertThat(sql).contains("SELECT DISTINCT"));
        assertThat(large).anySatisfy(sql -> assertThat(sql).endsWith("LIMIT 1000"));
    }
}

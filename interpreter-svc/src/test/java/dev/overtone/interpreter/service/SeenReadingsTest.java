package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.SqlAnalysis;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What one call counts as a reading it has seen: by canonical SQL once analysed, by its text key before, by text without SQL. */
class SeenReadingsTest {

    private final SeenReadings seen = new SeenReadings();

    @Test
    void aRepeatedSqlIsNewOnlyOnceUnlessRepeatsAreKept() {
        Route first = route("by stars", "SELECT name FROM hotels ORDER BY stars");
        Route again = route("by stars, again", "select name from hotels order by stars;");

        assertThat(seen.fresh(List.of(first), false, Map.of())).containsExactly(first);
        assertThat(seen.fresh(List.of(again), false, Map.of())).isEmpty();
        assertThat(seen.fresh(List.of(again), true, Map.of())).containsExactly(again);
    }

    @Test
    void twoSpellingsWithOneCanonicalFormAreOneReading() {
        Route aliased = route("", "SELECT h.name FROM hotels AS h");
        Route plain = route("", "SELECT name FROM hotels");
        Map<String, SqlAnalysis> analyses = Map.of(
                aliased.sql(), analysis("SELECT name FROM hotels"),
                plain.sql(), analysis("SELECT name FROM hotels"));

        assertThat(seen.fresh(List.of(aliased, plain), false, analyses)).containsExactly(aliased);
    }

    @Test
    void aCanonicalFormLearntFromAnAnalysisMakesItsSpellingNotNew() {
        seen.analysed(analysis("SELECT name FROM hotels"));

        assertThat(seen.fresh(List.of(route("", "select NAME from HOTELS")), false, Map.of())).isEmpty();
        assertThat(seen.fresh(List.of(route("", "SELECT city FROM hotels")), false, Map.of())).hasSize(1);
    }

    @Test
    void anAnalysisWithoutCanonicalFormLeavesTheTextKeyAsIdentity() {
        Route r = route("", "SELECT name FROM hotels");

        assertThat(SeenReadings.identity(r, Map.of(r.sql(), SqlAnalysis.getDefaultInstance()))).isEqualTo(r.sqlKey());
    }

    @Test
    void aTextWithoutSqlIsNewOnceAndATextWithSqlIsJudgedByItsSql() {
        Route words = route("hotels by their stars", "");
        Route sameWordsWithSql = route("hotels by their stars", "SELECT name FROM hotels ORDER BY stars");

        assertThat(seen.fresh(List.of(words), false, Map.of())).containsExactly(words);
        assertThat(seen.fresh(List.of(route("hotels by their stars", "")), false, Map.of())).isEmpty();
        assertThat(seen.fresh(List.of(sameWordsWithSql), false, Map.of())).containsExactly(sameWordsWithSql);
    }

    private static Route route(String text, String sql) {
        return new Route(text, sql, Source.SOURCE_CALLER, "");
    }

    private static SqlAnalysis analysis(String canonical) {
        return SqlAnalysis.newBuilder().setCanonicalSql(canonical).build();
    }
}

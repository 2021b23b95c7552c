package dev.overtone.bench.scoring;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** The reference scorer's {@code results_match} and {@code has_order_by} (shared/tools/ambrosia_eval.py), case by case. */
class ResultMatchTest {

    static Stream<Arguments> comparisons() {
        return Stream.of(
                // an empty prediction never matches, not even an empty gold
                arguments(rows(), rows(), false, false),
                arguments(rows(), rows(), true, false),
                // unordered: the bags of all cells, whatever the rows and columns
                arguments(rows(row(1, "a"), row(2, "b")), rows(row(2, "b"), row(1, "a")), false, true),
                arguments(rows(row(1, 2)), rows(row(1), row(2)), false, true),
                arguments(rows(row(1), row(1)), rows(row(1)), false, false),
                arguments(rows(row((Object) null)), rows(row((Object) null)), false, true),
                arguments(rows(row((Object) null)), rows(row("null")), false, false),
                // ordered: row by row, each row a bag of its cells, all of one width
                arguments(rows(row(1), row(2)), rows(row(2), row(1)), true, false),
                arguments(rows(row(1, 2)), rows(row(2, 1)), true, true),
                arguments(rows(row(1), row(2)), rows(row(1)), true, false),
                arguments(rows(row(1, 2)), rows(row(1), row(2)), true, false),
                arguments(rows(row(1), row(2, 3)), rows(row(1), row(2)), true, false));
    }

    @ParameterizedTest
    @MethodSource("comparisons")
    void predictedRowsMatchTheGoldsAsTheReferenceComparesThem(List<List<Object>> predicted, List<List<Object>> gold,
                                                              boolean ordered, boolean matches) {
        assertThat(ResultMatch.matches(predicted, gold, ordered)).isEqualTo(matches);
    }

    static Stream<Arguments> golds() {
        return Stream.of(
                arguments("SELECT name FROM hotels ORDER BY stars", true),
                arguments("select name from hotels order by stars", true),
                arguments("SELECT name FROM hotels Order By stars DESC", true),
                // a substring test, as the reference's: two spaces are no ORDER BY, a name that holds it is one
                arguments("SELECT name FROM hotels ORDER  BY stars", false),
                arguments("SELECT border_by FROM t", false),
                arguments("SELECT \"order by\" FROM t", true),
                arguments("SELECT name FROM hotels", false));
    }

    @ParameterizedTest
    @MethodSource("golds")
    void aGoldIsOrderedWhenItsTextSaysOrderBy(String sql, boolean ordered) {
        assertThat(ResultMatch.hasOrderBy(sql)).isEqualTo(ordered);
    }

    private static List<Object> row(Object... cells) {
        return Arrays.asList(cells);
    }

    @SafeVarargs
    private static List<List<Object>> rows(List<Object>... rows) {
        return List.of(rows);
    }
}

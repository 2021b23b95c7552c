package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Source;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which caller candidates one call judges. */
class CandidateCutUnitTest {

    @Test
    void keepsTheFirstDistinctInTheCallersOrderWithEveryRepeatOfThem() {
        List<Route> routes = List.of(sql("SELECT a FROM t"), sql("SELECT b FROM t"), sql("select a\nfrom t;"),
                sql("SELECT c FROM t"), text("the d of t"), sql("SELECT B FROM T"), sql("SELECT c FROM t"));

        CandidateCut cut = CandidateCut.of(routes, 2);

        assertThat(cut.kept()).extracting(Route::sql).containsExactly("SELECT a FROM t", "SELECT b FROM t", "select a\nfrom t;", "SELECT B FROM T");
        assertThat(cut.distinct()).isEqualTo(4);
        assertThat(cut.distinctCut()).isEqualTo(2);
        assertThat(cut.routesCut()).isEqualTo(3);
    }

    @Test
    void candidatesThatDifferOnlyInALiteralsCaseAreTwo() {
        CandidateCut cut = CandidateCut.of(List.of(sql("SELECT name FROM hotels WHERE city = 'Lisbon'"),
                sql("select name from hotels where city = 'lisbon'")), 1);

        assertThat(cut.kept()).hasSize(1);
        assertThat(cut.routesCut()).isEqualTo(1);
    }

    @Test
    void nothingIsCutWhenTheDistinctFit() {
        List<Route> routes = List.of(sql("SELECT a FROM t"), sql("SELECT a FROM t"), text("the b of t"));

        CandidateCut cut = CandidateCut.of(routes, 2);

        assertThat(cut.cutAny()).isFalse();
        assertThat(cut.kept()).isEqualTo(routes);
    }

    private static Route sql(String sql) {
        return new Route("", sql, Source.SOURCE_CALLER, "");
    }

    private static Route text(String text) {
        return new Route(text, "", Source.SOURCE_CALLER, "");
    }
}

package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Analysis;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A variant as a family proposes it (text, or a rewritten tree printed) and as the generator hands it out once analysed. */
class VariantTest {

    private static Analysis canonical(String sql) {
        return new Analysis(List.of(), List.of(), "SELECT col FROM tab", List.of(), sql, List.of());
    }

    @Test
    void aProposalWrittenAsTextIsNotAnalysedAndHasNoTree() {
        Variant v = new Variant("select name from hotels", Variant.COLUMN, "select[0]", "name instead of stars", 0.5);

        assertThat(v.analysis()).isNull();
        assertThat(v.rewritten()).isNull();
    }

    @Test
    void aRewrittenTreeIsItsSqlPrintedAndTheTreeKeptForTheAnalysis() throws JSQLParserException {
        Select tree = (Select) CCJSqlParserUtil.parse("select   name from hotels   where stars > 3");

        Variant v = Variant.rewritten(tree, Variant.SCOPE, "where", "drop the condition", 0.4);

        assertThat(v.sql()).isEqualTo("SELECT name FROM hotels WHERE stars > 3");
        assertThat(v.rewritten()).isSameAs(tree);
        assertThat(v.analysis()).isNull();
    }

    @Test
    void analysedItTakesTheCanonicalSqlKeepsTheAnalysisDropsTheTreeAndRoundsTheScoreToThreeDecimals() throws JSQLParserException {
        Select tree = (Select) CCJSqlParserUtil.parse("select name from hotels h");
        Analysis a = canonical("SELECT hotels.name FROM hotels");

        Variant v = Variant.rewritten(tree, Variant.TABLE, "from", "the hotels table", 0.12345).analysed(a);

        assertThat(v).isEqualTo(new Variant("SELECT hotels.name FROM hotels", Variant.TABLE, "from", "the hotels table", 0.123, a, null));
        assertThat(new Variant("x", Variant.JOIN, "join[1]", "d", 0.9996).analysed(a).score()).isEqualTo(1.0);
        assertThat(new Variant("x", Variant.JOIN, "join[1]", "d", 0.0004).analysed(a).score()).isEqualTo(0.0);
    }
}

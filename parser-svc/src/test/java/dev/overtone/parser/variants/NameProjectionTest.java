package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.QueryParser;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlAnalyzer;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A query shown by its rows' names, printed from a parse that others go on reading. */
class NameProjectionTest {

    private static Optional<NameProjection> of(String sql, Select tree) {
        SchemaIndex schema = PartsCombinerTest.lodging();
        VariantContext ctx = new VariantContext(sql, schema, "", new SqlAnalyzer().analyze(sql, schema), NameSimilarity.LEXICAL_ONLY);
        return NameProjection.of(ctx, tree);
    }

    private static String printed(String sql) {
        Select tree = QueryParser.parse(sql, PartsCombinerTest.lodging());
        String before = tree.toString();
        String printed = of(sql, tree).map(NameProjection::printed).orElse("(none)");
        assertThat(tree.toString()).as("the parse after printing").isEqualTo(before);
        return printed;
    }

    @Test
    void eachSelectShowsItsMainTablesNameColumnAlone() {
        assertThat(printed("SELECT chalet_name, price_per_night FROM chalets WHERE price_per_night = 200"))
                .isEqualTo("SELECT chalet_name FROM chalets WHERE price_per_night = 200");
        assertThat(printed("SELECT * FROM cabins c WHERE c.price_per_night = 200"))
                .isEqualTo("SELECT c.cabin_name FROM cabins c WHERE c.price_per_night = 200");
        assertThat(printed("SELECT chalet_name, id FROM chalets UNION SELECT * FROM cabins"))
                .isEqualTo("SELECT chalet_name FROM chalets UNION SELECT cabin_name FROM cabins");
    }

    @Test
    void nothingWhenTheNameIsAlreadyShownAloneOrNotShown() {
        assertThat(printed("SELECT chalet_name FROM chalets")).isEqualTo("(none)");
        assertThat(printed("SELECT price_per_night, id FROM chalets")).isEqualTo("(none)");
        assertThat(printed("SELECT chalet_name, id FROM chalets UNION SELECT price_per_night FROM cabins")).isEqualTo("(none)");
    }

    @Test
    void printingAgainGivesTheSameTextAndLeavesTheParseAsItWas() {
        String sql = "SELECT chalet_name, price_per_night FROM chalets";
        Select tree = QueryParser.parse(sql, PartsCombinerTest.lodging());
        NameProjection projection = of(sql, tree).orElseThrow();
        assertThat(projection.printed()).isEqualTo("SELECT chalet_name FROM chalets");
        assertThat(projection.printed()).isEqualTo("SELECT chalet_name FROM chalets");
        assertThat(tree.toString()).isEqualTo("SELECT chalet_name, price_per_night FROM chalets");
    }
}

package dev.overtone.parser.variants;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.parser.analysis.QueryParser;
import dev.overtone.parser.analysis.SchemaIndex;
import java.util.List;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

/**
 * Aggregates read from a precomputed table level by level (on {@link VariantGeneratorTest#partitioned()}: teams holds
 * avg_rating per team of members): a level rewritten keeps its clauses; one the table cannot stand for is left.
 */
class PrecomputedRewriteTest {
    private static final SchemaIndex SCHEMA = VariantGeneratorTest.partitioned();

    private record Rewrite(List<String> columns, String sql) {
    }

    private static Rewrite rewrite(String sql) {
        Select tree = QueryParser.parse(sql, SCHEMA);
        List<String> columns = PrecomputedRewrite.apply(tree, SCHEMA, "teams");
        return new Rewrite(columns, tree.toString());
    }

    @Test
    void aLevelReadsTheTableInPlaceOfItsFromAndKeepsItsOtherClauses() {
        Rewrite rewritten = rewrite("SELECT team, AVG(rating) FROM members WHERE team <> 'x' GROUP BY team"
                + " ORDER BY AVG(rating) DESC LIMIT 3");

        assertThat(rewritten.columns()).containsExactly("avg_rating", "avg_rating");
        assertThat(rewritten.sql()).isEqualTo("SELECT team, avg_rating FROM teams WHERE team <> 'x' GROUP BY team"
                + " ORDER BY avg_rating DESC LIMIT 3");
    }

    @Test
    void aSubqueryLevelIsRewrittenOnItsOwn() {
        Rewrite rewritten = rewrite("SELECT name FROM players WHERE rating > (SELECT AVG(rating) FROM members)");

        assertThat(rewritten.columns()).containsExactly("avg_rating");
        assertThat(rewritten.sql()).isEqualTo("SELECT name FROM players WHERE rating > (SELECT avg_rating FROM teams)");
    }

    @Test
    void aLevelNamingAColumnTheTableLacksOrAnAggregateItDoesNotHoldIsLeft() {
        String otherColumn = "SELECT team, AVG(rating) FROM members WHERE rating > 3 GROUP BY team";
        assertThat(rewrite(otherColumn)).isEqualTo(new Rewrite(List.of(), otherColumn));
        String otherAggregate = "SELECT team, MAX(rating) FROM members GROUP BY team";
        assertThat(rewrite(otherAggregate)).isEqualTo(new Rewrite(List.of(), otherAggregate));
    }
}

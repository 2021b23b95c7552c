package dev.overtone.parser.analysis;

import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One request's parses are shared: the analysis hands its tree back as parsed (the variant families
 * read it next), and a text asked again is not parsed again.
 */
class ParsedQueriesTest {

    private final SqlAnalyzer analyzer = new SqlAnalyzer();

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT h.name, score FROM hotels h JOIN reviews r ON r.hotel_id = h.id WHERE stars >= 4",
            "select hotels.STARS, count(*) from HOTELS group by hotels.stars having avg(score) > 3 order by 1",
            "SELECT name FROM hotels WHERE id IN (SELECT hotel_id FROM reviews WHERE score > 8)",
            "SELECT name FROM hotels WHERE stars = 5 UNION SELECT h.name FROM hotels h WHERE city = 'Rome'",
            "WITH good AS (SELECT hotel_id FROM reviews WHERE score > 8) SELECT h.name FROM hotels h JOIN good g ON g.hotel_id = h.id",
            "SELECT a.name, b.name FROM hotels a JOIN hotels b ON a.city = b.city WHERE a.id < b.id",
            "SELECT \"name\", `city` FROM hotels WHERE city == \"Rome\";",
            "SELECT t.n FROM (SELECT name AS n, upper(city) AS c FROM hotels) t WHERE t.c = 'ROME'"})
    void analysisLeavesTheTreeAsParsed(String sql) {
        SchemaIndex schema = Schemas.hotels();
        Select tree = QueryParser.parse(sql, schema);
        String asParsed = tree.toString();

        Analysis fromTree = analyzer.analyze(tree, schema);

        assertThat(tree.toString()).isEqualTo(asParsed);
        assertThat(fromTree).isEqualTo(analyzer.analyze(sql, schema));
        assertThat(analyzer.analyze(tree, schema)).as("the tree analysed a second time").isEqualTo(fromTree);
    }

    @Test
    void aTextAskedAgainIsParsedOnce() {
        ParsedQueries parsed = new ParsedQueries(Schemas.hotels());
        String sql = "SELECT h.name FROM hotels h WHERE h.stars >= 4";

        ParsedQueries.Parsed first = parsed.parsed(sql);

        assertThat(parsed.parsed(sql).tree()).isSameAs(first.tree());
        assertThat(parsed.analyze(sql)).isSameAs(first.analysis()).isEqualTo(analyzer.analyze(sql, Schemas.hotels()));
        assertThat(first.tree().toString()).isEqualTo(QueryParser.parse(sql, Schemas.hotels()).toString());
    }

    @Test
    void aTextThatDoesNotParseFailsEachTime() {
        ParsedQueries parsed = new ParsedQueries(Schemas.hotels());
        for (int i = 0; i < 2; i++)
            assertThatThrownBy(() -> parsed.analyze("SELECT name\nFROM hotels WHERE WHERE"))
                    .isInstanceOf(SqlSyntaxException.class).hasMessageContaining("line 2");
    }
}

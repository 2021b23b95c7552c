package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.junit.jupiter.api.Test;

/** Names and expressions in plain English, the same words every time. */
class PhrasingTest {

    @Test
    void namesBecomeLowerCaseWords() {
        assertThat(Phrasing.words("StarRating")).isEqualTo("star rating");
        assertThat(Phrasing.words("\"star_rating\"")).isEqualTo("star rating");
        assertThat(Phrasing.words("`check-in  date`")).isEqualTo("check in date");
        assertThat(Phrasing.words(null)).isEmpty();
    }

    @Test
    void aggregatesAreTheSqlAggregateCallsInAnyCase() throws JSQLParserException {
        assertThat(Phrasing.isAggregate(CCJSqlParserUtil.parseExpression("avg(stars)"))).isTrue();
        assertThat(Phrasing.isAggregate(CCJSqlParserUtil.parseExpression("Group_Concat(name)"))).isTrue();
        assertThat(Phrasing.isAggregate(CCJSqlParserUtil.parseExpression("round(stars)"))).isFalse();
        assertThat(Phrasing.isAggregate(CCJSqlParserUtil.parseExpression("stars"))).isFalse();
    }

    @Test
    void expressionsReadAsEnglish() throws JSQLParserException {
        assertThat(phrase("count(*)")).isEqualTo("number of rows");
        assertThat(phrase("count(DISTINCT h.city)")).isEqualTo("number of distinct city of h");
        assertThat(phrase("max(StarRating)")).isEqualTo("highest star rating");
        assertThat(phrase("stars >= 4 AND city <> 'Rome'")).isEqualTo("stars is at least 4 and city is not \"Rome\"");
        assertThat(phrase("name LIKE 'A%' OR name NOT LIKE 'B%'")).isEqualTo("name matches \"A%\" or name does not match \"B%\"");
        assertThat(phrase("price BETWEEN 10 AND 20")).isEqualTo("price is between 10 and 20");
        assertThat(phrase("city NOT IN ('Rome', 'Oslo')")).isEqualTo("city is not one of \"Rome\", \"Oslo\"");
        assertThat(phrase("phone IS NULL")).isEqualTo("phone is missing");
        assertThat(phrase("phone IS NOT NULL")).isEqualTo("phone is known");
        assertThat(phrase("id IN (SELECT hotel_id FROM reviews)")).isEqualTo("id is one of the results of a subquery");
    }

    @Test
    void columnsAreNamedAsTheCallerSays() throws JSQLParserException {
        PlainSelect select = (PlainSelect) CCJSqlParserUtil.parse("SELECT avg(h.stars) FROM hotels h");
        String phrased = Phrasing.expression(select.getSelectItems().get(0).getExpression(),
                c -> Phrasing.words(c.getColumnName()) + " of hotels");

        assertThat(phrased).isEqualTo("average stars of hotels");
    }

    private static String phrase(String expression) throws JSQLParserException {
        return Phrasing.expression(CCJSqlParserUtil.parseExpression(expression));
    }
}

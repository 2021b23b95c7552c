package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Names and expressions in plain English, the same words every time. */
class PhrasingTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "null", textBlock = """
            StarRating       | star rating
            "star_rating"    | star rating
            `check-in  date` | check in date
            null             | ''
            """)
    void namesBecomeLowerCaseWords(String name, String words) {
        assertThat(Phrasing.words(name)).isEqualTo(words);
    }

    @ParameterizedTest
    @CsvSource({"avg(stars), true", "Group_Concat(name), true", "round(stars), false", "stars, false"})
    void aggregatesAreTheSqlAggregateCallsInAnyCase(String expression, boolean aggregate) throws JSQLParserException {
        assertThat(Phrasing.isAggregate(CCJSqlParserUtil.parseExpression(expression))).isEqualTo(aggregate);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "count(*) | number of rows",
        "count(DISTINCT h.city) | number of distinct city of h",
        "max(StarRating) | highest star rating",
        "stars >= 4 AND city <> 'Rome' | stars is at least 4 and city is not \"Rome\"",
        "name LIKE 'A%' OR name NOT LIKE 'B%' | name matches \"A%\" or name does not match \"B%\"",
        "price BETWEEN 10 AND 20 | price is between 10 and 20",
        "city NOT IN ('Rome', 'Oslo') | city is not one of \"Rome\", \"Oslo\"",
        "phone IS NULL | phone is missing",
        "phone IS NOT NULL | phone is known",
        "id IN (SELECT hotel_id FROM reviews) | id is one of the results of a subquery"})
    void expressionsReadAsEnglish(String expression, String words) throws JSQLParserException {
        assertThat(Phrasing.expression(CCJSqlParserUtil.parseExpression(expression))).isEqualTo(words);
    }

    @Test
    void columnsAreNamedAsTheCallerSays() throws JSQLParserException {
        PlainSelect select = (PlainSelect) CCJSqlParserUtil.parse("SELECT avg(h.stars) FROM hotels h");
        String phrased = Phrasing.expression(select.getSelectItems().get(0).getExpression(),
                c -> Phrasing.words(c.getColumnName()) + " of hotels");

        assertThat(phrased).isEqualTo("average stars of hotels");
    }

}

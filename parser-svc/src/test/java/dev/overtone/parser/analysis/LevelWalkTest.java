package dev.overtone.parser.analysis;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** One level of a query: its clauses in order, its FROM items, and its columns without those of subqueries. */
class LevelWalkTest {

    private static PlainSelect level(String sql) throws JSQLParserException {
        return (PlainSelect) CCJSqlParserUtil.parse(sql);
    }

    private static List<String> columns(String sql, boolean outsideAggregates) throws JSQLParserException {
        List<String> seen = new ArrayList<>();
        LevelWalk.forEachColumn(LevelWalk.clauses(level(sql)), outsideAggregates, (Column c) -> seen.add(c.getFullyQualifiedName()));
        return seen;
    }

    @Test
    void theClausesComeInTheirOrderFromSelectItemsToOrderBy() throws JSQLParserException {
        PlainSelect ps = level("SELECT h.city, COUNT(*) FROM hotels h JOIN reviews r ON r.hotel_id = h.id "
                + "WHERE h.stars > 3 GROUP BY h.city HAVING AVG(r.score) > 7 ORDER BY h.city");
        assertThat(LevelWalk.clauses(ps)).extracting(Object::toString).containsExactly(
                "h.city", "COUNT(*)", "r.hotel_id = h.id", "h.stars > 3", "h.city", "AVG(r.score) > 7", "h.city");
    }

    @Test
    void aBareSelectHasOnlyItsItems() throws JSQLParserException {
        assertThat(LevelWalk.clauses(level("SELECT 1"))).extracting(Object::toString).containsExactly("1");
        assertThat(LevelWalk.fromItems(level("SELECT 1"))).isEmpty();
    }

    @Test
    void theFromItemsAreTheFromAndEachJoinInOrder() throws JSQLParserException {
        PlainSelect ps = level("SELECT 1 FROM hotels h JOIN reviews r ON r.hotel_id = h.id, rooms");
        assertThat(LevelWalk.fromItems(ps)).extracting(Object::toString).containsExactly("hotels h", "reviews r", "rooms");
    }

    @Test
    void columnsOfSubqueriesAreNotTheLevelsButTheSubqueryIsHandedOver() throws JSQLParserException {
        assertThat(columns("SELECT name FROM hotels WHERE stars = (SELECT MAX(stars) FROM hotels WHERE city = 'Rome')", false))
                .containsExactly("name", "stars");
        List<Select> subqueries = new ArrayList<>();
        level("SELECT name FROM hotels WHERE id IN (SELECT hotel_id FROM reviews)").getWhere().accept(new LevelWalk(subqueries::add), null);
        assertThat(subqueries).extracting(Object::toString).singleElement().asString().contains("SELECT hotel_id FROM reviews");
    }

    @Test
    void outsideAggregatesSkipsTheColumnsInsideAnAggregate() throws JSQLParserException {
        String sql = "SELECT city, SUM(stars), LOWER(name) FROM hotels GROUP BY city";
        assertThat(columns(sql, true)).containsExactly("city", "name", "city");
        assertThat(columns(sql, false)).containsExactly("city", "stars", "name", "city");
    }
}

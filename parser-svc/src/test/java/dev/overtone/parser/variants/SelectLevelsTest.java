package dev.overtone.parser.variants;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

/** The plain SELECTs a query is made of, outer levels first, wherever a subquery is written. */
class SelectLevelsTest {

    @Test
    void everySubqueryIsALevelAfterTheOneItIsWrittenIn() throws JSQLParserException {
        Select query = parse("SELECT (SELECT max(score) FROM reviews) AS best, h.name"
                + " FROM (SELECT * FROM hotels WHERE stars > (SELECT avg(stars) FROM hotels)) AS h"
                + " JOIN rooms r ON r.hotel_id = h.id AND r.id IN (SELECT room_id FROM bookings)"
                + " WHERE h.city IN (SELECT city FROM cities)"
                + " GROUP BY h.name HAVING count(*) > (SELECT 1 FROM one)");

        assertThat(firstTables(SelectLevels.of(query)))
                .startsWith("h")
                .containsExactlyInAnyOrder("h", "hotels", "hotels", "reviews", "bookings", "cities", "one");
        // the FROM subquery's own subquery comes after it, not before
        List<String> levels = firstTables(SelectLevels.of(query));
        assertThat(levels.indexOf("hotels")).isLessThan(levels.lastIndexOf("hotels"));
    }

    @Test
    void theBranchesOfASetOperationAreLevelsInTheirOrder() throws JSQLParserException {
        Select query = parse("SELECT name FROM hotels UNION SELECT name FROM guests WHERE id IN (SELECT guest_id FROM bookings)"
                + " EXCEPT (SELECT name FROM staff)");

        assertThat(firstTables(SelectLevels.of(query))).containsExactly("hotels", "guests", "bookings", "staff");
    }

    @Test
    void theBodyOfEachCommonTableExpressionIsALevelAfterTheQueryThatNamesIt() throws JSQLParserException {
        Select query = parse("WITH good AS (SELECT hotel_id, avg(score) AS s FROM reviews GROUP BY hotel_id),"
                + " big AS (SELECT id FROM hotels WHERE rooms > (SELECT avg(rooms) FROM hotels))"
                + " SELECT name FROM good JOIN big ON big.id = good.hotel_id");

        assertThat(firstTables(SelectLevels.of(query))).containsExactly("good", "reviews", "hotels", "hotels");
        assertThat(SelectLevels.of(query).get(1).getSelectItems().toString()).contains("avg(score)");
    }

    @Test
    void nestedLeavesOutTheLevelItself() throws JSQLParserException {
        PlainSelect outer = (PlainSelect) parse("SELECT name FROM hotels WHERE id IN (SELECT hotel_id FROM reviews"
                + " WHERE score > (SELECT avg(score) FROM reviews))");

        assertThat(firstTables(SelectLevels.nested(outer))).containsExactly("reviews", "reviews");
        assertThat(SelectLevels.nested((PlainSelect) parse("SELECT name FROM hotels"))).isEmpty();
    }

    @Test
    void ownAggregatesAreTheLevelsOutermostAggregateCalls() throws JSQLParserException {
        PlainSelect level = (PlainSelect) parse("SELECT city, count(*), round(avg(stars), 1) FROM hotels"
                + " WHERE stars > (SELECT min(stars) FROM hotels) GROUP BY city HAVING max(stars) > 3 ORDER BY sum(stars)");

        assertThat(SelectLevels.ownAggregates(level)).map(f -> f.getName().toLowerCase())
                .containsExactly("count", "avg", "max", "sum");
        // an aggregate written inside another is part of that one's call, not a call of the level's own
        PlainSelect nested = (PlainSelect) parse("SELECT max(count(*)) FROM hotels GROUP BY city");
        assertThat(SelectLevels.ownAggregates(nested)).map(f -> f.getName().toLowerCase()).containsExactly("max");
    }

    private static Select parse(String sql) throws JSQLParserException {
        return (Select) CCJSqlParserUtil.parse(sql);
    }

    private static List<String> firstTables(List<PlainSelect> levels) {
        return levels.stream().map(ps -> ps.getFromItem().getAlias() != null
                ? ps.getFromItem().getAlias().getName() : ps.getFromItem().toString()).toList();
    }
}

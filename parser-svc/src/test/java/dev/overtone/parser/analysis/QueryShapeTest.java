package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

/** One SELECT's FROM as the variant families read it: which schema table an alias or a bare column stands for. */
class QueryShapeTest {
    private final SchemaIndex hotels = Schemas.hotels();

    @Test
    void aliasesAndTableNamesBothLeadToTheSchemasSpelling() throws JSQLParserException {
        QueryShape shape = shape("SELECT h.name, r.score FROM \"HOTELS\" AS h JOIN reviews r ON r.hotel_id = h.id");

        assertThat(shape.aliasToTable).containsEntry("h", "hotels").containsEntry("hotels", "hotels")
                .containsEntry("r", "reviews").containsEntry("reviews", "reviews");
    }

    @Test
    void aColumnBelongsToItsQualifiersTableOrToTheOneTableThatHasIt() throws JSQLParserException {
        QueryShape shape = shape("SELECT h.id, name, score, id, nothing FROM hotels h JOIN reviews ON hotel_id = h.id");
        List<String> owners = new ArrayList<>();
        for (var item : shape.select.getSelectItems()) {
            owners.add(String.valueOf(shape.owner((Column) item.getExpression())));
        }

        // h.id: its qualifier; name, score: the one table with such a column; id: both have one; nothing: none has it
        assertThat(owners).containsExactly("hotels", "hotels", "reviews", "null", "null");
    }

    @Test
    void subqueriesAreNotPartOfTheLevel() throws JSQLParserException {
        QueryShape shape = shape("SELECT name FROM hotels WHERE id IN (SELECT hotel_id FROM reviews WHERE score > 7)");
        List<String> columns = new ArrayList<>();
        shape.forEachColumn(c -> columns.add(c.getColumnName()));

        assertThat(shape.aliasToTable).containsOnlyKeys("hotels");
        assertThat(columns).containsExactly("name", "id");
    }

    @Test
    void flattenLooksThroughParenthesesButNotIntoTheOtherConnective() throws JSQLParserException {
        PlainSelect select = plain("SELECT 1 FROM hotels WHERE (stars > 3 AND (city = 'Rome')) AND (name = 'a' OR name = 'b')");
        List<Expression> ands = new ArrayList<>();
        QueryShape.flatten(select.getWhere(), true, ands);

        assertThat(ands).map(Object::toString).containsExactly("stars > 3", "city = 'Rome'", "name = 'a' OR name = 'b'");

        List<Expression> ors = new ArrayList<>();
        QueryShape.flatten(ands.get(2), false, ors);
        assertThat(ors).map(Object::toString).containsExactly("name = 'a'", "name = 'b'");
    }

    @Test
    void cleanDropsOneLayerOfAnyDialectsQuotesAndQuoteAddsThemOnlyWhereNeeded() {
        assertThat(QueryShape.clean(" \"Order Items\" ")).isEqualTo("Order Items");
        assertThat(QueryShape.clean("`year`")).isEqualTo("year");
        assertThat(QueryShape.clean("[Unit Price]")).isEqualTo("Unit Price");
        assertThat(QueryShape.clean(null)).isEmpty();
        assertThat(QueryShape.quote("hotels")).isEqualTo("hotels");
        assertThat(QueryShape.quote("Order \"Items\"")).isEqualTo("\"Order \"\"Items\"\"\"");
    }

    private QueryShape shape(String sql) throws JSQLParserException {
        return new QueryShape(plain(sql), hotels);
    }

    private static PlainSelect plain(String sql) throws JSQLParserException {
        return QueryShape.plain((Select) CCJSqlParserUtil.parse(sql));
    }
}

package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import org.junit.jupiter.api.Test;

/**
 * The names of one SELECT, resolved by hand as the clause walk resolves them: each column to its real table and respelled
 * so until the parser's spelling is put back, a table read twice told apart, a select alias left alone outside the
 * select list, a common table expression taken as derived, and the names the schema lacks.
 */
class NameResolutionTest {

    @Test
    void aColumnIsResolvedThroughItsAliasAndRespelledUntilTheParsersSpellingIsPutBack() {
        Walked walked = walk("SELECT h.Stars, count(ID) FROM Hotels h", Schemas.hotels());

        assertThat(walked.elements).containsExactly(List.of("hotels.stars"), List.of("hotels.id"));
        assertThat(walked.printedWhileResolved).isEqualTo("SELECT hotels.stars, COUNT(hotels.id) FROM Hotels h");
        assertThat(walked.names.tableAliases).containsOnlyKeys("hotels").containsEntry("hotels", List.of("h"));
        assertThat(walked.names.columnClauses).containsOnlyKeys("hotels\u0000stars", "hotels\u0000id");

        walked.names.restoreSpelling();
        assertThat(walked.select.toString()).isEqualTo("SELECT h.Stars, count(ID) FROM Hotels h");
    }

    @Test
    void aTableReadTwiceIsToldApartInPrintAndOneInItsElements() {
        Walked walked = walk("SELECT a.name, b.name FROM hotels a JOIN hotels b ON a.city = b.city", Schemas.hotels());

        assertThat(walked.printedWhileResolved).startsWith("SELECT hotels.name, hotels_2.name FROM");
        assertThat(walked.elements).containsExactly(List.of("hotels.name"), List.of("hotels.name"));
        assertThat(walked.names.tableAliases.get("hotels")).containsExactly("a", "b");
    }

    @Test
    void eachColumnKeepsTheClausesItIsUsedIn() {
        PlainSelect plain = hotels("SELECT stars FROM hotels WHERE stars > 3");
        NameResolution names = entered(plain, Schemas.hotels());

        names.visit(plain.getSelectItems().get(0).getExpression(), "select");
        names.visit(plain.getWhere(), "where");

        assertThat(names.columnClauses.get("hotels\u0000stars")).containsExactly("select", "where");
    }

    @Test
    void aSelectAliasIsNoColumnOutsideTheSelectList() {
        PlainSelect plain = hotels("SELECT stars AS s FROM hotels ORDER BY s");
        NameResolution names = entered(plain, Schemas.hotels());
        names.scope().selectAliases.add("s");

        names.visit(plain.getOrderByElements().get(0).getExpression(), "order_by");

        assertThat(names.elements()).isEmpty();
        assertThat(names.columnClauses).isEmpty();
        assertThat(names.unknown).isEmpty();
    }

    @Test
    void namesTheSchemaLacksAreCollectedButACommonTableExpressionsAreNot() {
        Walked unknown = walk("SELECT nope, h.missing, g.id FROM hotels h JOIN ghosts g ON g.id = h.id", Schemas.hotels());
        assertThat(unknown.names.unknown).containsExactlyInAnyOrder("ghosts", "nope", "hotels.missing");

        PlainSelect plain = hotels("WITH best AS (SELECT id FROM hotels) SELECT best.id, tier FROM best");
        NameResolution names = entered(plain, Schemas.hotels(), "best");
        plain.getSelectItems().forEach(item -> names.visit(item.getExpression(), "select"));

        assertThat(names.unknown).isEmpty();
        assertThat(names.columnClauses).containsKey("best\u0000id");
    }

    @Test
    void withoutASchemaAColumnOfTheOnlyTableIsThatTables() {
        Walked walked = walk("SELECT stars FROM hotels", SchemaIndex.EMPTY);

        assertThat(walked.elements).containsExactly(List.of("hotels.stars"));
        assertThat(walked.names.unknown).isEmpty();
    }

    /** A SELECT's FROM items registered and its select items visited, each visit's elements noted, the tree printed after. */
    private record Walked(Select select, NameResolution names, List<List<String>> elements, String printedWhileResolved) {
    }

    private static Walked walk(String sql, SchemaIndex schema) {
        Select select = QueryParser.parse(sql, schema);
        PlainSelect plain = (PlainSelect) select;
        NameResolution names = entered(plain, schema);
        List<List<String>> elements = new ArrayList<>();
        for (SelectItem<?> item : plain.getSelectItems()) {
            names.visit(item.getExpression(), "select");
            elements.add(List.copyOf(names.elements()));
        }
        return new Walked(select, names, elements, select.toString());
    }

    private static PlainSelect hotels(String sql) {
        return (PlainSelect) QueryParser.parse(sql, Schemas.hotels());
    }

    /** A resolution that has entered {@code plain}'s level, its common table expressions declared and FROM items registered. */
    private static NameResolution entered(PlainSelect plain, SchemaIndex schema, String... ctes) {
        NameResolution names = new NameResolution(schema, (sub, scope) -> { });
        List.of(ctes).forEach(names::declareCte);
        names.enter(null);
        LevelWalk.fromItems(plain).forEach(names::register);
        return names;
    }
}

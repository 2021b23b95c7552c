package dev.overtone.parser.analysis;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqlAnalyzerTest {

    private final SqlAnalyzer analyzer = new SqlAnalyzer();

    @Test
    void resolvesAliasesAndUnqualifiedColumns() {
        Analysis a = analyzer.analyze("SELECT h.name, score FROM hotels h JOIN reviews r ON r.hotel_id = h.id WHERE stars >= 4", Schemas.hotels());
        assertThat(a.tables()).extracting(Analysis.TableUsage::name).containsExactly("hotels", "reviews");
        assertThat(a.tables().get(0).aliases()).containsExactly("h");
        assertThat(a.columns()).anySatisfy(c -> {
            assertThat(c.table()).isEqualTo("reviews");
            assertThat(c.column()).isEqualTo("score");
        });
        assertThat(a.columns()).anySatisfy(c -> {
            assertThat(c.table()).isEqualTo("hotels");
            assertThat(c.column()).isEqualTo("stars");
            assertThat(c.clauses()).containsExactly("where");
        });
        assertThat(a.unknownNames()).isEmpty();
        assertThat(a.slot("select[0]").orElseThrow().value()).isEqualTo("hotels.name");
        assertThat(a.slot("join[1]/on").orElseThrow().value()).isEqualTo("reviews.hotel_id = hotels.id");
        assertThat(a.slot("where").orElseThrow().value()).isEqualTo("hotels.stars >= 4");
    }

    @Test
    void slotValuesDoNotDependOnAliases() {
        Analysis a = analyzer.analyze("SELECT h.stars FROM hotels AS h ORDER BY h.stars DESC", Schemas.hotels());
        Analysis b = analyzer.analyze("select hotels.stars from hotels order by stars desc", Schemas.hotels());
        assertThat(a.slots()).isEqualTo(b.slots());
        assertThat(a.template()).isEqualTo("SELECT alias.col FROM tab AS alias ORDER BY alias.col DESC");
    }

    @Test
    void differingInOneSlotDiffersInExactlyThatSlot() {
        Analysis a = analyzer.analyze("SELECT name FROM hotels WHERE city = 'Rome' AND stars = 5 ORDER BY name", Schemas.hotels());
        Analysis b = analyzer.analyze("SELECT name FROM hotels WHERE city = 'Paris' AND stars = 5 ORDER BY name", Schemas.hotels());
        var diff = a.slots().stream().filter(s -> !b.slots().contains(s)).map(Analysis.SlotValue::path).toList();
        assertThat(diff).containsExactly("where/and[0]");
    }

    @Test
    void nestedBooleanPathsAndClauseSlots() {
        Analysis a = analyzer.analyze("SELECT DISTINCT city, COUNT(*) FROM hotels WHERE stars = 5 AND (city = 'Rome' OR city = 'Paris') "
                + "GROUP BY city HAVING COUNT(*) > 1 ORDER BY 2 DESC LIMIT 3", Schemas.hotels());
        assertThat(a.slots()).extracting(Analysis.SlotValue::path).containsExactly("distinct", "select[0]", "select[1]",
                "select[1]/aggregate", "from[0]", "where/and[0]", "where/and[1]/or[0]", "where/and[1]/or[1]", "group_by[0]",
                "having", "order_by[0]", "limit");
        assertThat(a.slot("select[1]/aggregate").orElseThrow().value()).isEqualTo("COUNT");
        assertThat(a.slot("limit").orElseThrow().value()).isEqualTo("3");
        assertThat(a.slot("select[1]").orElseThrow().label()).isEqualTo("shows number of rows");
    }

    @Test
    void acceptsSqliteDialect() {
        Analysis a = analyzer.analyze("SELECT `name` FROM hotels\r\nWHERE city == \"Rome\" AND JULIANDAY('2024-01-02') - JULIANDAY('2024-01-01') > 0;",
                Schemas.hotels());
        assertThat(a.slot("where/and[0]").orElseThrow().value()).isEqualTo("hotels.city = 'Rome'");
        assertThat(a.unknownNames()).isEmpty();
        Analysis noSchema = analyzer.analyze("SELECT name FROM hotels WHERE city = \"Rome\" OR city IN (\"Paris\", \"Nice\")", SchemaIndex.EMPTY);
        assertThat(noSchema.slot("where/or[1]").orElseThrow().value()).isEqualTo("hotels.city IN ('Paris', 'Nice')");
    }

    @Test
    void setOperationsGetBranchPrefixes() {
        Analysis a = analyzer.analyze("SELECT name FROM hotels WHERE stars = 5 UNION SELECT name FROM hotels WHERE city = 'Rome'", Schemas.hotels());
        assertThat(a.slot("set[1]/where").orElseThrow().value()).isEqualTo("hotels.city = 'Rome'");
        assertThat(a.slot("set_operation").orElseThrow().value()).isEqualTo("UNION");
    }

    @Test
    void reportsUnknownNames() {
        Analysis a = analyzer.analyze("SELECT h.rating, price FROM hotels h JOIN rooms ON rooms.hotel_id = h.id", Schemas.hotels());
        assertThat(a.unknownNames()).contains("hotels.rating", "rooms", "price");
    }

    @Test
    void syntaxErrorNamesLineAndColumn() {
        assertThatThrownBy(() -> analyzer.analyze("SELECT name\nFROM hotels WHERE WHERE", Schemas.hotels()))
                .isInstanceOf(SqlSyntaxException.class)
                .hasMessageContaining("line 2");
    }

    @Test
    void aStatementOtherThanSelectIsNamedByItsOwnKeywordNotByAParserClass() {
        assertThatThrownBy(() -> analyzer.analyze("delete from hotels WHERE id = 1", Schemas.hotels()))
                .isInstanceOf(SqlSyntaxException.class)
                .hasMessage("only SELECT queries are supported; this statement starts with DELETE")
                .hasMessageNotContaining("Delete ");
    }

    @Test
    void subqueriesResolveAgainstTheirOwnScope() {
        Analysis a = analyzer.analyze("SELECT name FROM hotels WHERE id IN (SELECT hotel_id FROM reviews WHERE score > 8)", Schemas.hotels());
        assertThat(a.unknownNames()).isEmpty();
        assertThat(a.columns()).anySatisfy(c -> assertThat(c.table() + "." + c.column()).isEqualTo("reviews.score"));
    }
}

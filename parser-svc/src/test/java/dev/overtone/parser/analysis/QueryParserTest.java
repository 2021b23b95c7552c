package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

/** One SELECT into a tree, or a syntax error a person can act on: where the parser stopped, never its own classes. */
class QueryParserTest {
    private static SqlSyntaxException refusal(String sql) {
        return catchThrowableOfType(() -> QueryParser.parse(sql, Schemas.hotels()), SqlSyntaxException.class);
    }

    @Test
    void aSelectParsesAndEachEnginesFlavourToo() {
        assertThat(QueryParser.parse("SELECT name FROM hotels WHERE stars >= 4", Schemas.hotels()).toString())
                .isEqualTo("SELECT name FROM hotels WHERE stars >= 4");
        assertThat(QueryParser.parse("SELECT [name] FROM hotels", Schemas.hotels())).isNotNull();
        assertThat(QueryParser.parse("SELECT stars::text FROM hotels", Schemas.hotels())).isNotNull();
    }

    @Test
    void anEmptyTextIsNamedSo() {
        for (String empty : new String[] {null, "", "  \n"}) {
            SqlSyntaxException e = refusal(empty);
            assertThat(e).hasMessage("the SQL is empty");
            assertThat(e.line()).isEqualTo(1);
            assertThat(e.column()).isEqualTo(1);
        }
    }

    @Test
    void aSyntaxErrorNamesTheLineColumnAndTokenWhereParsingStopped() {
        SqlSyntaxException e = refusal("SELECT name\nFROM hotels WHERE WHERE stars > 1");

        // JSqlParser gives up at the first WHERE (column 13), where its lookahead for the clause failed
        assertThat(e.getMessage()).isEqualTo("SQL does not parse at line 2, column 13 near \"WHERE\"");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(13);
        assertThat(refusal("SELECT name FROM").getMessage()).startsWith("SQL does not parse at line 1, column ")
                .doesNotContain("ParseException").doesNotContain("jsqlparser");
    }

    @Test
    void aStatementOtherThanASelectIsNamedByItsFirstWord() {
        assertThat(refusal("delete FROM hotels WHERE id = 1").getMessage())
                .isEqualTo("only SELECT queries are supported; this statement starts with DELETE");
        assertThat(refusal("  DROP TABLE hotels").getMessage()).endsWith("starts with DROP");
    }
}

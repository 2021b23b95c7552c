package dev.overtone.parser.analysis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Finding the one statement in what a model answers. */
class SqlExtractionTest {

    @Test
    void extractsSqlFromWhatModelsAnswer() {
        assertThat(SqlExtraction.extract("SELECT 1")).contains("SELECT 1");
        assertThat(SqlExtraction.extract("Here it is:\n```sql\nSELECT name FROM hotels;\n```\nHope this helps.")).contains("SELECT name FROM hotels");
        assertThat(SqlExtraction.extract("Sure! The query is SELECT name FROM hotels WHERE stars = 5; It returns names.")).contains("SELECT name FROM hotels WHERE stars = 5");
        assertThat(SqlExtraction.extract("SELECT a FROM t; SELECT b FROM u;")).contains("SELECT a FROM t");
        assertThat(SqlExtraction.extract("I cannot help with that.")).isEmpty();
    }

    @Test
    void aFenceWithoutSqlIsPassedForTheNextOne() {
        String answer = "Schema:\n```\nhotels(name, stars)\n```\nQuery:\n```postgresql\nSELECT name FROM hotels\n```";
        assertThat(SqlExtraction.extract(answer)).contains("SELECT name FROM hotels");
    }

    @Test
    void aCommonTableExpressionStartsAStatement() {
        assertThat(SqlExtraction.extract("Use this: with top as (SELECT 1) SELECT * FROM top"))
                .contains("with top as (SELECT 1) SELECT * FROM top");
    }

    @Test
    void aSemicolonInsideAStringDoesNotEndTheStatementButABlankLineDoes() {
        assertThat(SqlExtraction.extract("SELECT 'a;b' FROM t;")).contains("SELECT 'a;b' FROM t");
        assertThat(SqlExtraction.extract("SELECT name\nFROM hotels\n\nThis lists every hotel.")).contains("SELECT name\nFROM hotels");
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"  \n", "```sql\n```", "selection is hard"}) // the last: a word that only starts like SELECT
    void nothingOrBlankHasNoSql(String answer) {
        assertThat(SqlExtraction.extract(answer)).isEmpty();
    }
}

package dev.overtone.parser.dialect;

import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.Schemas;
import dev.overtone.parser.analysis.SqlExtraction;
import dev.overtone.parser.verbalize.Verbalizer;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Normalize, SQL extraction from model answers, and Verbalize. */
class TextRewritesTest {

    @Test
    void sqliteToPostgres() {
        DialectRewriter.Rewritten r = DialectRewriter.normalize(
                "SELECT `name`, IFNULL(stars, 0) FROM hotels WHERE city == \"Rome\" AND name = 'a' || 'b';", "postgresql", SchemaIndex.EMPTY);
        assertThat(r.sql()).isEqualTo("SELECT name, COALESCE(stars, 0) FROM hotels WHERE city = 'Rome' AND name = 'a' || 'b'");
        assertThat(r.rewrites()).contains("== -> =", "IFNULL -> COALESCE", "double-quoted string literal 'Rome'");
    }

    @Test
    void schemaDecidesWhatADoubleQuotedNameIs() {
        String sql = "SELECT \"name\" FROM hotels WHERE \"city\" = \"Rome\"";
        assertThat(DialectRewriter.normalize(sql, "postgresql", Schemas.hotels()).sql())
                .isEqualTo("SELECT \"name\" FROM hotels WHERE \"city\" = 'Rome'");
    }

    @Test
    void postgresToSqlite() {
        assertThat(DialectRewriter.normalize("SELECT COALESCE(a, 1) FROM t", "sqlite", SchemaIndex.EMPTY).sql()).isEqualTo("SELECT IFNULL(a, 1) FROM t");
    }

    @Test
    void extractsSqlFromWhatModelsAnswer() {
        assertThat(SqlExtraction.extract("SELECT 1")).contains("SELECT 1");
        assertThat(SqlExtraction.extract("Here it is:\n```sql\nSELECT name FROM hotels;\n```\nHope this helps.")).contains("SELECT name FROM hotels");
        assertThat(SqlExtraction.extract("Sure! The query is SELECT name FROM hotels WHERE stars = 5; It returns names.")).contains("SELECT name FROM hotels WHERE stars = 5");
        assertThat(SqlExtraction.extract("SELECT a FROM t; SELECT b FROM u;")).contains("SELECT a FROM t");
        assertThat(SqlExtraction.extract("I cannot help with that.")).isEmpty();
    }

    @Test
    void verbalizesDeterministically() {
        Verbalizer v = new Verbalizer();
        assertThat(v.verbalize("SELECT name, stars FROM hotels ORDER BY stars DESC", Schemas.hotels()))
                .isEqualTo("the names and stars of all hotels, highest stars first");
        assertThat(v.verbalize("SELECT city, COUNT(*) FROM hotels WHERE stars >= 4 GROUP BY city", Schemas.hotels()))
                .isEqualTo("the city and number of hotels where stars is at least 4, for each city");
    }
}

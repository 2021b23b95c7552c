package dev.overtone.parser.dialect;

import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.Schemas;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Token rewrites between SQLite and PostgreSQL, and the parsable form the analyzer reads. */
class DialectRewriterTest {

    private static String normalize(String sql, String target) {
        return DialectRewriter.normalize(sql, target, SchemaIndex.EMPTY).sql();
    }

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
        assertThat(normalize("SELECT COALESCE(a, 1) FROM t", "sqlite")).isEqualTo("SELECT IFNULL(a, 1) FROM t");
    }

    @Test
    void onlyCallsAreRenamedAndCoalesceOnlyWithTwoArguments() {
        assertThat(normalize("SELECT COALESCE(a, f(b, c), 0) FROM t", "sqlite")).isEqualTo("SELECT COALESCE(a, f(b, c), 0) FROM t");
        assertThat(normalize("SELECT substr (name, 1, 2), ifnull FROM t", "postgresql")).isEqualTo("SELECT SUBSTRING (name, 1, 2), ifnull FROM t");
        assertThat(normalize("SELECT IFNULL(a, 1) FROM t", "sqlite")).isEqualTo("SELECT IFNULL(a, 1) FROM t");
    }

    @Test
    void quotedIdentifiersBecomePlainWhenTheyCanAndDoubleQuotedWhenNot() {
        DialectRewriter.Rewritten r = DialectRewriter.normalize("SELECT [room type], `a\"b`, [stars] FROM t", "postgresql", SchemaIndex.EMPTY);
        assertThat(r.sql()).isEqualTo("SELECT \"room type\", \"a\"\"b\", stars FROM t");
        assertThat(r.rewrites()).containsExactly("bracket identifier room type", "backtick identifier a\"b", "bracket identifier stars");
    }

    @Test
    void withoutASchemaADoubleQuotedWordIsAValueWhereAValueStands() {
        assertThat(normalize("SELECT \"city\" FROM t WHERE a IN (\"x\", \"y\") AND b LIKE \"R%\"", "postgresql"))
                .isEqualTo("SELECT \"city\" FROM t WHERE a IN ('x', 'y') AND b LIKE 'R%'");
        assertThat(normalize("SELECT \"it's here\" FROM t", "postgresql")).isEqualTo("SELECT 'it''s here' FROM t");
        assertThat(normalize("SELECT f(\"a\", \"b\") FROM t", "postgresql")).as("a call's arguments are names").isEqualTo("SELECT f(\"a\", \"b\") FROM t");
    }

    @Test
    void anAliasOrAQualifiedPartIsANameEvenWhereTheSchemaDoesNotKnowIt() {
        String sql = "SELECT h.\"name\" AS \"label\" FROM hotels h ORDER BY \"label\"";
        assertThat(DialectRewriter.normalize(sql, "postgresql", Schemas.hotels()).sql()).isEqualTo(sql);
        assertThat(DialectRewriter.normalize("SELECT \"nickname\" FROM hotels", "postgresql", Schemas.hotels()).sql())
                .isEqualTo("SELECT 'nickname' FROM hotels");
    }

    @Test
    void textAfterACarriageReturnEndingALineCommentIsRewrittenForPostgresqlButIsCommentToSqlite() {
        String sql = "SELECT a --x\rFROM t WHERE IFNULL(b, 0) == \"y\"";
        assertThat(normalize(sql, "postgresql")).isEqualTo("SELECT a --x\rFROM t WHERE COALESCE(b, 0) = 'y'");
        assertThat(normalize(sql, "sqlite")).isEqualTo(sql);
    }

    @Test
    void theParsableFormKeepsNamesQuotedAndTheLinesAsTheyWere() {
        String parsable = DialectRewriter.parsable("SELECT `name`\nFROM t\nWHERE a == 1;;", SchemaIndex.EMPTY);
        assertThat(parsable).isEqualTo("SELECT \"name\"\nFROM t\nWHERE a =  1");
        assertThat(parsable.lines()).hasSize(3);
    }

    @Test
    void anUnknownTargetIsRefusedNamingTheTwoThereAre() {
        assertThatThrownBy(() -> normalize("SELECT 1", "mysql"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("target dialect must be \"sqlite\" or \"postgresql\", not \"mysql\"");
        assertThat(normalize("SELECT COALESCE(a, 1)", "SQLite")).isEqualTo("SELECT IFNULL(a, 1)");
    }
}

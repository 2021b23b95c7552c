package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import org.junit.jupiter.api.Test;

/**
 * Where each engine's quoted tokens end and what the analysis reads of them: the content of a string neutralised
 * (no quote or backslash left for JSqlParser to read otherwise), a quoted name decoded as the engine resolves it.
 */
class QuotedLiteralsTest {
    private static final EngineKind PG = EngineKind.POSTGRESQL;
    private static final EngineKind SQLITE = EngineKind.SQLITE;

    private static String analysed(String sql, EngineKind engine) {
        return SqlLexer.lex(sql, engine).analysisText();
    }

    private static long strings(String sql, EngineKind engine) {
        return SqlLexer.lex(sql, engine).tokens().stream().filter(t -> t.kind() == SqlLexer.Kind.STRING).count();
    }

    @Test
    void aDoubledQuoteStaysInsideAPlainStringAndABackslashIsText() {
        SqlLexer.Lexed lexed = SqlLexer.lex("SELECT 'it''s \\'; SELECT 2", PG);
        assertThat(lexed.statements()).isEqualTo(2);
        assertThat(lexed.analysisText()).isEqualTo("SELECT 'it_s _'");
    }

    @Test
    void anEscapeStringEndsWhereItsBackslashEscapesSayItEnds() {
        assertThat(SqlLexer.lex("SELECT E'a\\'; DROP TABLE t; --'", PG).statements()).isEqualTo(1);
        assertThat(analysed("SELECT E'a\\'b'", PG)).isEqualTo("SELECT 'a_b'");
        assertThat(SqlLexer.lex("SELECT E'a\\'; SELECT 2", SQLITE).statements()).as("SQLite: E is a name, \\ text")
                .isEqualTo(2);
    }

    @Test
    void bitAndHexStringsEndAtTheirFirstQuote() {
        assertThat(strings("SELECT X'00''01'", SQLITE)).isEqualTo(2);
        assertThat(strings("SELECT B'01''1'", PG)).isEqualTo(2);
        assertThat(strings("SELECT '00''01'", SQLITE)).as("a plain string reads on past a doubled quote").isEqualTo(1);
    }

    @Test
    void aDollarQuotedStringRunsToItsOwnTagAndIsNeutralised() {
        SqlLexer.Lexed lexed = SqlLexer.lex("SELECT $x$ it's $$ \\ ; $x$ AS t", PG);
        assertThat(lexed.statements()).isEqualTo(1);
        assertThat(lexed.analysisText()).isEqualTo("SELECT ' it_s $$ _ ; ' AS t");
        assertThatThrownBy(() -> SqlLexer.lex("SELECT $x$ open", PG)).isInstanceOf(SandboxException.class)
                .hasMessageContaining("dollar-quoted string $x$ opened at character 8 is never closed");
    }

    @Test
    void anUnclosedStringOrNameIsRefusedNamingWhereItOpened() {
        assertThatThrownBy(() -> SqlLexer.lex("SELECT 1, 'abc", SQLITE)).isInstanceOf(SandboxException.class)
                .hasMessageContaining("string literal opened at character 11 is never closed");
        assertThatThrownBy(() -> SqlLexer.lex("SELECT \"abc", PG))
                .hasMessageContaining("quoted name opened at character 8 is never closed");
    }

    @Test
    void aQuotedNameKeepsADoubledCloserButSqliteBracketsDoNot() {
        assertThat(analysed("SELECT \"a\"\"b\" FROM t", PG)).isEqualTo("SELECT \"a\"\"b\" FROM t");
        assertThat(analysed("SELECT [a]]b] FROM t", SQLITE)).as("']' ends a bracketed name, whatever follows")
                .startsWith("SELECT \"a\"");
        assertThat(analysed("SELECT `x` FROM t", SQLITE)).isEqualTo("SELECT \"x\" FROM t");
    }

    @Test
    void aUnicodeNameIsDecodedWithItsEscapeCharacter() {
        assertThat(analysed("SELECT 1 AS U&\"d\\0061t\\+000061\"", PG)).isEqualTo("SELECT 1 AS \"data\"");
        assertThat(analysed("SELECT 1 AS U&\"d!0061!!\" UESCAPE '!'", PG)).isEqualTo("SELECT 1 AS \"da!\"");
        assertThatThrownBy(() -> SqlLexer.lex("SELECT 1 AS U&\"d\\00\"", PG))
                .hasMessageContaining("Unicode escape in a U&\"...\" name is incomplete");
        assertThatThrownBy(() -> SqlLexer.lex("SELECT 1 AS U&\"d\\zz61\"", PG))
                .hasMessageContaining("is not hexadecimal");
        assertThatThrownBy(() -> SqlLexer.lex("SELECT 1 AS U&\"d\" UESCAPE 'a'", PG))
                .hasMessageContaining("UESCAPE 'a' at character 19 is not a valid escape character");
    }
}

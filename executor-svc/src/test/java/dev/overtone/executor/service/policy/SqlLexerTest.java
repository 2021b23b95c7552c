package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lexer alone, on the seams the differential fuzz found; the engines' own verdicts are in LexerDifferentialTest. */
class SqlLexerTest {
    private static final EngineKind PG = EngineKind.POSTGRESQL;
    private static final EngineKind SQLITE = EngineKind.SQLITE;

    @Test
    void aCarriageReturnEndsOnlyAPostgresqlLineComment() {
        String sql = "SELECT 1 --\r, 2\n, 3";
        assertThat(SqlLexer.lex(sql, PG).engineText()).isEqualTo("SELECT 1 , 2 , 3");
        assertThat(SqlLexer.lex(sql, SQLITE).engineText()).isEqualTo("SELECT 1 , 3");
    }

    @Test
    void blanksAreTheEnginesNotJavas() {
        assertThat(SqlLexer.lex("SELECT\u000b1", PG).engineText()).isEqualTo("SELECT 1");
        assertThat(SqlLexer.lex("SELECT \u000b1", SQLITE).engineText()).isEqualTo("SELECT 1");
        // U+00A0, U+2028, U+3000 are identifier characters in both engines, not blanks
        assertThat(SqlLexer.lex("SELECT\u2028 1", PG).tokens()).extracting(SqlLexer.Token::text)
                .containsExactly("SELECT\u2028", "1");
        for (String control : List.of("\u000b", "\u001f", "\u0001", "\u007f")) {
            assertThatThrownBy(() -> SqlLexer.lex("SELECT" + control + "1", SQLITE))
                    .isInstanceOf(SandboxException.class).hasMessageContaining("control character U+00")
                    .hasMessageContaining("replace it with a space");
        }
        assertThat(SqlLexer.lex("SELECT '\u0001\u001f'", PG).statements()).isEqualTo(1);
    }

    @Test
    void bindParametersAreRefusedButPostgresqlOperatorsAreNot() {
        for (String parameter : List.of("?", "?2", ":a", "@a", "#a", "$a", "$a::b(x y)", "$x(') AS p")) {
            assertThatThrownBy(() -> SqlLexer.lex("SELECT " + parameter, SQLITE)).isInstanceOf(SandboxException.class)
                    .hasMessageContaining("bind parameter").hasMessageContaining("write the value into the statement");
        }
        assertThatThrownBy(() -> SqlLexer.lex("SELECT $1", PG)).hasMessageContaining("bind parameter $1");
        assertThat(SqlLexer.lex("SELECT j ? 'a', j ?| b, j ?& b, x::text, a[1:2], a$b$ FROM t", PG).statements())
                .isEqualTo(1);
    }

    @Test
    void aStringContinuedAfterANewlineIsSentWithANewline() {
        SqlLexer.Lexed lexed = SqlLexer.lex("SELECT E'a' -- c\n '\\'; SELECT 2'", PG);
        assertThat(lexed.statements()).isEqualTo(1);
        assertThat(lexed.engineText()).isEqualTo("SELECT E'a'\n'\\'; SELECT 2'");
        assertThat(lexed.analysisText()).isEqualTo("SELECT 'a_; SELECT 2'");
        assertThat(SqlLexer.lex("SELECT 'a' /* c */\n'b'", PG).engineText()).isEqualTo("SELECT 'a' 'b'");
    }

    @Test
    void aCommentBeforeUescapeIsNotSent() {
        SqlLexer.Lexed lexed = SqlLexer.lex("SELECT 1 AS U&\"x!0041\" /* c */ UESCAPE '!'", PG);
        assertThat(lexed.engineText()).isEqualTo("SELECT 1 AS U&\"x!0041\" UESCAPE '!'");
        assertThat(lexed.analysisText()).isEqualTo("SELECT 1 AS \"xA\"");
        assertThatThrownBy(() -> SqlLexer.lex("SELECT U&'x' UESCAPE 'ab'", PG)).hasMessageContaining("UESCAPE");
    }

    @Test
    void sqliteBlockCommentsCloseAtTheFirstStarSlashAndATrailingOneIsNoComment() {
        assertThat(SqlLexer.lex("SELECT 1 /* /*/ ; SELECT 2", SQLITE).statements()).isEqualTo(2);
        assertThat(SqlLexer.lex("SELECT 1 /*", SQLITE).engineText()).isEqualTo("SELECT 1 /*");
        assertThat(SqlLexer.lex("SELECT 1 /* x", SQLITE).engineText()).isEqualTo("SELECT 1");
    }

    @Test
    void numbersAreOneTokenAsEachEngineReadsThem() {
        assertThat(SqlLexer.lex("SELECT 1_000, 0x1F, 1.5e-3, .5", PG).tokens()).filteredOn(t -> t.kind() == SqlLexer.Kind.NUMBER)
                .extracting(SqlLexer.Token::text).containsExactly("1000", "31", "1.5e-3", ".5");
        // a dollar quote may follow a number directly on PostgreSQL, not an identifier
        assertThat(SqlLexer.lex("SELECT 1$$;SELECT 1$$", PG).statements()).isEqualTo(1);
        assertThat(SqlLexer.lex("SELECT a$$;SELECT 2", PG).statements()).isEqualTo(2);
    }
}

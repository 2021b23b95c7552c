package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import org.junit.jupiter.api.Test;

/** What neither engine reads as a token: comments as each engine ends them, names' characters, text that is not text. */
class SqlScannerTest {
    private static final EngineKind PG = EngineKind.POSTGRESQL;
    private static final EngineKind SQLITE = EngineKind.SQLITE;

    @Test
    void postgresqlBlockCommentsNestAndAnUnclosedOneIsRefused() {
        assertThat(SqlLexer.lex("SELECT 1 /* a /* b */ ; SELECT 2 */", PG).statements()).isEqualTo(1);
        assertThat(SqlLexer.lex("SELECT 1 /* a /* b */ ; SELECT 2 */", SQLITE).statements()).isEqualTo(2);
        assertThatThrownBy(() -> SqlLexer.lex("SELECT 1 /* a /* b */", PG)).isInstanceOf(SandboxException.class)
                .hasMessageContaining("the /* comment opened at character 10 is never closed");
    }

    @Test
    void aLineCommentRunsToTheNewlineAndNeverReachesTheEngine() {
        SqlLexer.Lexed lexed = SqlLexer.lex("SELECT 1 -- ; DROP TABLE t\n, 2", SQLITE);
        assertThat(lexed.statements()).isEqualTo(1);
        assertThat(lexed.engineText()).isEqualTo("SELECT 1 , 2");
    }

    @Test
    void namesTakeDollarsDigitsAndEveryCharacterFromU0080() {
        assertThat(SqlLexer.lex("SELECT prix€_2$a FROM t", PG).tokens()).extracting(SqlLexer.Token::text)
                .contains("prix€_2$a");
    }

    @Test
    void anUnpairedSurrogateIsRefusedAndAPairedOneIsText() {
        assertThatThrownBy(() -> SqlLexer.lex("SELECT 'a\uD800'", SQLITE)).isInstanceOf(SandboxException.class)
                .hasMessageContaining("unpaired UTF-16 surrogate at character 10");
        assertThat(SqlLexer.lex("SELECT '\uD83D\uDE00'", SQLITE).statements()).isEqualTo(1);
    }

    @Test
    void aBindParameterIsNamedShortenedAndPlaced() {
        String name = "a".repeat(60);
        assertThatThrownBy(() -> SqlLexer.lex("SELECT :" + name, SQLITE)).isInstanceOf(SandboxException.class)
                .hasMessageContaining("found the bind parameter :" + "a".repeat(39) + "… at character 8 (SQLite")
                .hasMessageNotContaining("a".repeat(40));
    }
}

package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.EngineKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which words the policy's second parse may quote: plain names, never grammar, calls, cast types or quoted names. */
class ParserReservedNamesTest {
    private static List<String> quotable(String sql) {
        TokenView tokens = new TokenView(SqlLexer.lex(sql, EngineKind.POSTGRESQL).tokens());
        List<String> words = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (ParserReservedNames.quotable(tokens, i)) {
                words.add(tokens.get(i).text());
            }
        }
        return words;
    }

    @Test
    void plainNamesAreQuotableAndTheGrammarIsNot() {
        assertThat(quotable("SELECT number, statement FROM accounts WHERE final IS NOT NULL ORDER BY number DESC"))
                .containsExactly("number", "statement", "accounts", "number"); // the lexer quotes final itself
    }

    @Test
    void wordsThatDecideWhatAStatementDoesAreNeverQuoted() {
        assertThat(quotable("SELECT a INTO b FROM t FOR UPDATE OF t NOWAIT")).containsExactly("a", "b", "t", "t");
        assertThat(quotable("WITH d AS (DELETE FROM t RETURNING x) SELECT x FROM d UNION ALL SELECT y FROM u"))
                .containsExactly("d", "t", "x", "x", "d", "y", "u");
    }

    @Test
    void callNamesCastTypesAndQuotedNamesStayAsWritten() {
        assertThat(quotable("SELECT lower(name), price::numeric, \"order\" FROM t")).containsExactly("name", "price", "t");
    }
}

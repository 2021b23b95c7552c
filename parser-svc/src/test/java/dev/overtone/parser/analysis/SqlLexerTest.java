package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.parser.analysis.SqlToken.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lexer splits text into tokens that join back to the text, and never fails on what it cannot read. */
class SqlLexerTest {

    @Test
    void eachKindOfToken() {
        List<SqlToken> tokens = SqlLexer.tokenize("SELECT \"Star Rating\", `city`, [rooms], 'it''s', 4.5e1 FROM t WHERE a==b -- x\n/* y */");

        assertThat(tokens).filteredOn(SqlToken::significant).extracting(SqlToken::kind).containsExactly(
                Kind.WORD, Kind.DOUBLE_QUOTED, Kind.PUNCT, Kind.BACKTICKED, Kind.PUNCT, Kind.BRACKETED, Kind.PUNCT,
                Kind.STRING, Kind.PUNCT, Kind.NUMBER, Kind.WORD, Kind.WORD, Kind.WORD, Kind.WORD, Kind.OPERATOR, Kind.WORD);
        assertThat(tokens).filteredOn(t -> t.kind() == Kind.COMMENT).extracting(SqlToken::text)
                .containsExactly("-- x", "/* y */");
        assertThat(tokens).filteredOn(t -> t.kind() == Kind.OPERATOR).extracting(SqlToken::text).containsExactly("==");
        assertThat(tokens).filteredOn(t -> t.kind() == Kind.STRING).extracting(SqlToken::unquoted).containsExactly("it's");
    }

    @Test
    void aLineCommentEndsAtACarriageReturnAsPostgresqlReadsItAndOnlyAtANewlineAsSqliteReadsIt() {
        String sql = "SELECT a --x\rFROM t";

        assertThat(SqlLexer.tokenize(sql)).filteredOn(SqlToken::significant).extracting(SqlToken::text)
                .containsExactly("SELECT", "a", "FROM", "t");
        assertThat(SqlLexer.tokenizeSqlite(sql)).filteredOn(SqlToken::significant).extracting(SqlToken::text)
                .containsExactly("SELECT", "a");
        assertThat(SqlLexer.tokenizeSqlite(sql)).last().extracting(SqlToken::text).isEqualTo("--x\rFROM t");
    }

    @Test
    void tokensJoinBackToTheTextAndKnowWhereTheyStart() {
        String sql = "SELECT h.name, count(*) AS n FROM hotels h WHERE stars >= 4 AND city <> 'Rome'";
        List<SqlToken> tokens = SqlLexer.tokenize(sql);

        assertThat(String.join("", tokens.stream().map(SqlToken::text).toList())).isEqualTo(sql);
        for (SqlToken token : tokens) {
            assertThat(sql.substring(token.start(), token.start() + token.text().length())).isEqualTo(token.text());
        }
    }

    @Test
    void anUnterminatedQuoteOrCommentRunsToTheEnd() {
        assertThat(SqlLexer.tokenize("SELECT 'open")).last().extracting(SqlToken::text).isEqualTo("'open");
        assertThat(SqlLexer.tokenize("SELECT 1 /* open")).last().extracting(SqlToken::kind).isEqualTo(Kind.COMMENT);
        assertThat(SqlLexer.tokenize("SELECT [open")).last().extracting(SqlToken::kind).isEqualTo(Kind.BRACKETED);
        assertThat(SqlLexer.tokenize("")).isEmpty();
    }

    @Test
    void wordsMayHoldUnderscoresAndDollarsAndNumbersMayStartWithAPoint() {
        assertThat(SqlLexer.tokenize("_x$1 .5")).extracting(SqlToken::kind).containsExactly(Kind.WORD, Kind.SPACE, Kind.NUMBER);
        assertThat(SqlLexer.tokenize("a.b")).extracting(SqlToken::kind).containsExactly(Kind.WORD, Kind.PUNCT, Kind.WORD);
    }
}

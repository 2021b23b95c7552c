package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.parser.analysis.SqlToken.Kind;
import org.junit.jupiter.api.Test;

/** A token's own rules: what counts as significant, a keyword matched in any case, and each quote style undone. */
class SqlTokenTest {

    @Test
    void spaceAndCommentsAreNotSignificantEverythingElseIs() {
        assertThat(new SqlToken(Kind.SPACE, " \n", 0).significant()).isFalse();
        assertThat(new SqlToken(Kind.COMMENT, "-- stars", 0).significant()).isFalse();
        assertThat(new SqlToken(Kind.PUNCT, ",", 0).significant()).isTrue();
        assertThat(new SqlToken(Kind.STRING, "''", 0).significant()).isTrue();
    }

    @Test
    void aWordIsMatchedInAnyCase() {
        assertThat(new SqlToken(Kind.WORD, "Select", 0).is("SELECT")).isTrue();
        assertThat(new SqlToken(Kind.WORD, "selected", 0).is("select")).isFalse();
    }

    @Test
    void eachQuoteStyleIsUndoneWithItsDoubledQuote() {
        assertThat(new SqlToken(Kind.STRING, "'it''s'", 0).unquoted()).isEqualTo("it's");
        assertThat(new SqlToken(Kind.DOUBLE_QUOTED, "\"Hotel \"\"Ritz\"\"\"", 0).unquoted()).isEqualTo("Hotel \"Ritz\"");
        assertThat(new SqlToken(Kind.BACKTICKED, "`a``b`", 0).unquoted()).isEqualTo("a`b");
        assertThat(new SqlToken(Kind.BRACKETED, "[Room Type]", 0).unquoted()).isEqualTo("Room Type");
    }

    @Test
    void anUnquotedTokenIsItsText() {
        assertThat(new SqlToken(Kind.WORD, "hotels", 7).unquoted()).isEqualTo("hotels");
        assertThat(new SqlToken(Kind.NUMBER, "4.5", 0).unquoted()).isEqualTo("4.5");
    }
}

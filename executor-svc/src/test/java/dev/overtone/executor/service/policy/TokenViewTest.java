package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.EngineKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The questions the token checks ask: names, matching parentheses, integer literals and call arguments. */
class TokenViewTest {
    private static TokenView view(String sql) {
        return new TokenView(SqlLexer.lex(sql, EngineKind.POSTGRESQL).tokens());
    }

    private static int indexOf(TokenView tokens, String text) {
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).text().equals(text)) {
                return i;
            }
        }
        throw new AssertionError(text + " is not a token");
    }

    @Test
    void namesAreUnquotedAndLowerCasedAndOtherTokensHaveNone() {
        TokenView tokens = view("SELECT \"My\"\"Col\", Price, 'text', 42 FROM t");
        assertThat(tokens.name(indexOf(tokens, "\"My\"\"Col\""))).isEqualTo("my\"col");
        assertThat(tokens.name(indexOf(tokens, "Price"))).isEqualTo("price");
        assertThat(tokens.isName(indexOf(tokens, "'text'"))).isFalse();
        assertThat(tokens.name(indexOf(tokens, "'text'"))).isEmpty();
        assertThat(tokens.name(-1)).isEmpty();
    }

    @Test
    void isMatchesWordsWithoutCaseAndNeverAQuotedNameOrString() {
        TokenView tokens = view("select \"from\", 'from' FROM t");
        assertThat(tokens.is(0, "SELECT")).isTrue();
        assertThat(tokens.is(1, "from")).isFalse();
        assertThat(tokens.is(3, "from")).isFalse();
        assertThat(tokens.is(4, "from")).isTrue();
        assertThat(tokens.is(99, "from")).isFalse();
    }

    @Test
    void parenthesesMatchAcrossNestingAndAnUnmatchedOneHasNoPartner() {
        TokenView tokens = view("SELECT f((a), b) + (c");
        int open = indexOf(tokens, "f") + 1;
        int close = tokens.matching(open);
        assertThat(tokens.is(close, ")")).isTrue();
        assertThat(tokens.matching(close)).isEqualTo(open);
        assertThat(tokens.get(close - 1).text()).isEqualTo("b");
        assertThat(tokens.matching(tokens.size() - 2)).isEqualTo(-1);
    }

    @Test
    void integerLiteralsAreContiguousDigitsWithLeadingZerosIgnored() {
        TokenView tokens = view("SELECT 007, 12 3, x, 99999999999999999999");
        int seven = indexOf(tokens, "007");
        assertThat(tokens.integerLiteral(seven, seven + 1)).isEqualTo(7);
        int twelve = indexOf(tokens, "12");
        assertThat(tokens.integerLiteral(twelve, twelve + 2)).isEqualTo(-1);
        int x = indexOf(tokens, "x");
        assertThat(tokens.integerLiteral(x, x + 1)).isEqualTo(-1);
        assertThat(tokens.integerLiteral(x, x)).isEqualTo(-1);
        int huge = indexOf(tokens, "99999999999999999999");
        assertThat(tokens.integerLiteral(huge, huge + 1)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void argumentsSplitAtTopLevelCommasOnly() {
        TokenView tokens = view("SELECT f(a, g(b, c), d[1, 2]), h()");
        List<int[]> arguments = tokens.arguments(indexOf(tokens, "f"));
        assertThat(arguments).hasSize(3);
        assertThat(tokens.get(arguments.get(1)[0]).text()).isEqualTo("g");
        assertThat(arguments.get(1)[1] - arguments.get(1)[0]).isEqualTo(6);
        assertThat(tokens.arguments(indexOf(tokens, "h"))).isEmpty();
    }

    @Test
    void callShapeAndQualification() {
        TokenView tokens = view("SELECT s.f (x), g");
        int f = indexOf(tokens, "f");
        assertThat(tokens.isCallShaped(f)).isTrue();
        assertThat(tokens.isQualified(f)).isTrue();
        assertThat(tokens.isCallShaped(indexOf(tokens, "g"))).isFalse();
        assertThat(tokens.isQualified(indexOf(tokens, "s"))).isFalse();
    }
}

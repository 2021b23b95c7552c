package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.EngineKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What counts as a function call on tokens: everything name-then-parenthesis that is not proven to be something else. */
class CallSitesTest {
    private static List<String> calls(String sql) {
        return CallSites.find(new TokenView(SqlLexer.lex(sql, EngineKind.POSTGRESQL).tokens())).stream()
                .map(c -> c.name() + (c.qualified() ? " (qualified)" : "")).toList();
    }

    @Test
    void namesBeforeAParenthesisAreCallsLowerCasedAndUnquoted() {
        assertThat(calls("SELECT LOWER(a), \"Upper\"(b), s.f(c) FROM t")).containsExactly("lower", "upper", "f (qualified)");
    }

    @Test
    void keywordsThatTakeAParenthesisAreNotCalls() {
        assertThat(calls("SELECT count(*) FILTER (WHERE a IN (1)) OVER (PARTITION BY b) FROM t WHERE EXISTS (SELECT 1)"))
                .containsExactly("count");
        assertThat(calls("SELECT s.in(1)")).containsExactly("in (qualified)");
    }

    @Test
    void typeModifiersAreNotCallsUnlessTheyHoldMoreThanIntegers() {
        assertThat(calls("SELECT CAST(a AS numeric(10, 2)), b::varchar(5)")).isEmpty();
        assertThat(calls("SELECT numeric(a)")).containsExactly("numeric");
    }

    @Test
    void aliasColumnListsAndCteColumnListsAreNotCalls() {
        assertThat(calls("SELECT * FROM generate_series(1, 3) g(n) JOIN hotels h(a, b) ON true")).containsExactly("generate_series");
        assertThat(calls("WITH RECURSIVE r(n) AS (SELECT 1), s(m) AS (SELECT 2) SELECT * FROM r, s")).isEmpty();
    }

    @Test
    void afterAKeywordANameWithParenthesesIsACallEvenWhenItHoldsOnlyNames() {
        assertThat(calls("SELECT * FROM t WHERE NOT f(a)")).containsExactly("f");
        assertThat(calls("SELECT a AS b, c FROM t")).isEmpty();
    }
}

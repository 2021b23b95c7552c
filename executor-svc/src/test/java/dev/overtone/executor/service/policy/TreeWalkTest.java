package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.SandboxException;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The walk finds a call and a table wherever a statement can hold them, and refuses what it does not know. */
class TreeWalkTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT count(*) FILTER (WHERE hidden(1) IS NULL) FROM t",
            "SELECT string_agg(name, ',' ORDER BY hidden()) FROM t",
            "SELECT array_agg(name ORDER BY hidden() DESC) FROM t",
            "SELECT json_agg(name ORDER BY hidden()) FROM t",
            "SELECT row_number() OVER (PARTITION BY hidden()) FROM t",
            "SELECT rank() OVER (ORDER BY hidden()) FROM t",
            "SELECT sum(x) OVER (ORDER BY id ROWS BETWEEN hidden() PRECEDING AND CURRENT ROW) FROM t",
            "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY hidden()) FROM t",
            "SELECT name FROM t WHERE (hidden() IS NULL) IS UNKNOWN",
            "SELECT name FROM t WHERE (hidden() IS NULL) IS NOT UNKNOWN",
            "SELECT name FROM t WHERE name LIKE 'a%' ESCAPE hidden()",
            "SELECT name FROM t WHERE name SIMILAR TO hidden()",
            "SELECT SUBSTRING(name FROM hidden()) FROM t",
            "SELECT SUBSTRING(name FROM 1 FOR hidden()) FROM t",
            "SELECT * FROM XMLTABLE('/a' PASSING hidden() COLUMNS x text)",
            "SELECT XMLSERIALIZE(CONTENT hidden() AS text)",
            "SELECT CASE WHEN x > 1 THEN 1 ELSE hidden() END FROM t",
            "SELECT CASE hidden() WHEN 1 THEN 2 END FROM t",
            "SELECT CAST(hidden() AS int)",
            "SELECT hidden()::text",
            "SELECT ARRAY[1, hidden()]",
            "SELECT ROW(1, hidden())",
            "SELECT (1, hidden()) = (1, 2)",
            "SELECT * FROM t, LATERAL (SELECT hidden()) s",
            "SELECT * FROM hidden() AS f(a)",
            "SELECT * FROM (VALUES (1), (hidden())) v(x)",
            "VALUES (hidden())",
            "SELECT 1 UNION SELECT hidden() EXCEPT SELECT 2",
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT hidden() FROM r) SELECT * FROM r",
            "WITH a AS (SELECT hidden()) SELECT * FROM a",
            "SELECT (SELECT hidden())",
            "SELECT * FROM t WHERE x IN (SELECT hidden())",
            "SELECT * FROM t WHERE EXISTS (SELECT hidden())",
            "SELECT * FROM t WHERE x = ANY (SELECT hidden())",
            "SELECT * FROM t JOIN u ON hidden() = 1",
            "SELECT * FROM t GROUP BY hidden() HAVING hidden() > 1",
            "SELECT * FROM t ORDER BY hidden() LIMIT 1",
            "SELECT * FROM t LIMIT hidden()",
            "SELECT EXTRACT(year FROM hidden())",
            "SELECT TRIM(BOTH 'x' FROM hidden())",
            "SELECT x BETWEEN 1 AND hidden() FROM t",
            "SELECT coalesce(x, hidden()) FROM t",
            "SELECT NOT hidden()",
            "SELECT -hidden()",
            "SELECT x AT TIME ZONE hidden() FROM t",
            "SELECT jsonb_build_object('a', hidden())",
            "SELECT JSON_OBJECT(KEY 'a' VALUE hidden())",
            "SELECT JSON_ARRAYAGG(x ORDER BY hidden()) FROM t",
            "SELECT INTERVAL '1 day' * hidden()",
            "SELECT DISTINCT ON (hidden()) x FROM t"})
    void findsACallWhereverItStands(String sql) throws Exception {
        TreeWalk walk = TreeWalk.of(CCJSqlParserUtil.parse(sql), 100_000);

        assertThat(walk.functions).contains("hidden");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT * FROM (SELECT * FROM secret) s",
            "SELECT * FROM t WHERE x IN (SELECT y FROM secret)",
            "SELECT count(*) FILTER (WHERE x IN (SELECT y FROM secret)) FROM t",
            "SELECT row_number() OVER (PARTITION BY (SELECT y FROM secret)) FROM t",
            "SELECT string_agg(x, ',' ORDER BY (SELECT y FROM secret)) FROM t",
            "SELECT * FROM t, LATERAL (SELECT * FROM secret) s",
            "WITH a AS (SELECT * FROM secret) SELECT * FROM a",
            "SELECT 1 UNION ALL SELECT 2 FROM secret",
            "SELECT ARRAY(SELECT y FROM secret)"})
    void findsATableWhereverItStands(String sql) throws Exception {
        TreeWalk walk = TreeWalk.of(CCJSqlParserUtil.parse(sql), 100_000);

        assertThat(walk.tables).extracting(t -> t.getName()).contains("secret");
    }

    @Test
    void aColumnQualifierIsNotATable() throws Exception {
        TreeWalk walk = TreeWalk.of(CCJSqlParserUtil.parse("SELECT other.x.y FROM t"), 100_000);

        assertThat(walk.tables).extracting(t -> t.getName()).containsExactly("t");
    }

    @Test
    void aParserNodeItDoesNotKnowRefusesTheStatement() throws Exception {
        Statement create = CCJSqlParserUtil.parse("CREATE TABLE t (a int)");

        assertThatThrownBy(() -> TreeWalk.of(create, 100_000)).isInstanceOfSatisfying(SandboxException.class,
                e -> assertThat(e.rule()).isEqualTo("unsupported-construct"));
        assertThatThrownBy(() -> TreeWalk.of(new Object(), 100_000)).isInstanceOf(SandboxException.class);
    }

    @Test
    void aWritingSubStatementIsAWritableCte() throws Exception {
        Statement writing = CCJSqlParserUtil.parse("WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d");

        assertThatThrownBy(() -> TreeWalk.of(writing, 100_000)).isInstanceOfSatisfying(SandboxException.class,
                e -> assertThat(e.rule()).isEqualTo("writable-cte"));
    }

    @Test
    void aTreeDeeperThanAnyStackIsWalkedWithoutOverflowOrRefusedBySize() throws Exception {
        PlainSelect select = (PlainSelect) CCJSqlParserUtil.parse("SELECT 1 FROM t");
        Expression chain = new LongValue(1);
        for (int i = 0; i < 200_000; i++) {
            chain = new AndExpression(chain, new LongValue(i));
        }
        select.setWhere(chain);

        assertThat(TreeWalk.of(select, 1_000_000).tables).hasSize(1);
        assertThatThrownBy(() -> TreeWalk.of(select, 10_000)).isInstanceOfSatisfying(SandboxException.class,
                e -> assertThat(e.rule()).isEqualTo("too-complex"));
    }
}

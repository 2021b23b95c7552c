package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The checks on the lexer's tokens, and the policy's decisions they lead to, without Quarkus or an engine. */
class TokenChecksTest {
    private static final ReadOnlyPolicy POSTGRESQL = new ReadOnlyPolicy(EngineKind.POSTGRESQL, PolicyConfigs.defaults());
    private static final ReadOnlyPolicy SQLITE = new ReadOnlyPolicy(EngineKind.SQLITE, PolicyConfigs.defaults());

    private static List<String> calls(String sql) {
        TokenView tokens = new TokenView(SqlLexer.lex(sql, EngineKind.POSTGRESQL).tokens());
        return CallSites.find(tokens).stream().map(CallSites.Call::name).toList();
    }

    @Test
    void aNameBeforeAParenthesisIsACallUnlessProvenOtherwise() {
        assertThat(calls("SELECT count(*), upper(name) FROM t WHERE x IN (1) AND EXISTS (SELECT 1)"))
                .containsExactly("count", "upper");
        assertThat(calls("WITH t(a, b) AS (SELECT 1, 2), u(c) AS NOT MATERIALIZED (SELECT 3) SELECT * FROM t, u"))
                .isEmpty();
        assertThat(calls("SELECT * FROM generate_series(1, 3) AS g(n), generate_series(1, 2) h(m), t x(a, b)"))
                .containsExactly("generate_series", "generate_series");
        assertThat(calls("SELECT name::varchar(10), CAST(x AS numeric(10, 2)) FROM t")).isEmpty();
        assertThat(calls("SELECT json_object('a' VALUE pg_read_file(path))")).containsExactly("json_object",
                "pg_read_file");
        assertThat(calls("SELECT f(x) pg_read_file(col)")).containsExactly("f"); // an alias's column list: not SQL the engines run
        assertThat(calls("SELECT x, pg_sleep(a) AS y FROM t")).containsExactly("pg_sleep");
        assertThat(calls("SELECT numeric(x) FROM t")).containsExactly("numeric");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "POSTGRESQL | (TABLE pg_class)                                   | system-catalog",
            "POSTGRESQL | SELECT * FROM (TABLE pg_roles) r                   | system-catalog",
            "POSTGRESQL | SELECT 16384::regclass                             | system-catalog",
            "POSTGRESQL | SELECT h.pg_column_size FROM hotels h              | system-catalog",
            "POSTGRESQL | SELECT h.row_to_json FROM hotels h                 | system-catalog",
            "POSTGRESQL | SELECT current_catalog                             | system-catalog",
            "POSTGRESQL | SELECT * FROM information_schema.role_table_grants | system-catalog",
            "POSTGRESQL | SELECT to_regtype('int4')                          | denied-function",
            "POSTGRESQL | SELECT makeaclitem(1, 1, 'SELECT', false)          | denied-function",
            "POSTGRESQL | SELECT pg_catalog.upper(name) FROM hotels          | denied-function",
            "POSTGRESQL | SELECT \"pg_sleep\"(1)                             | denied-function",
            "POSTGRESQL | SELECT repeat('x', 1000001)                        | unbounded-value",
            "POSTGRESQL | SELECT repeat('ab', 600000)                        | unbounded-value",
            "POSTGRESQL | SELECT repeat('x', stars) FROM hotels              | unbounded-value",
            "POSTGRESQL | SELECT lpad(repeat('x', 10), 20)                   | unbounded-value",
            "POSTGRESQL | SELECT strpos(repeat('a', 1000), 'b')              | unbounded-value",
            "POSTGRESQL | SELECT * FROM (TABLE other_crm.customers) c        | foreign-schema",
            "POSTGRESQL | SELECT name::upper(a) FROM hotels                  | unsupported-construct",
            "SQLITE     | SELECT * FROM dbstat                               | system-catalog",
            "SQLITE     | SELECT * FROM temp.hotels                          | system-catalog",
            "SQLITE     | SELECT * FROM aux.sqlite_master                    | system-catalog",
            "SQLITE     | SELECT fts5_source_id()                            | denied-function",
            "SQLITE     | SELECT zeroblob(1000001)                           | unbounded-value",
            "SQLITE     | SELECT printf('%*d', 5, 1)                         | unbounded-value",
            "SQLITE     | SELECT printf('%.2000000f', 1)                     | unbounded-value",
            "SQLITE     | SELECT printf(name) FROM hotels                    | unbounded-value"})
    void refuses(EngineKind engine, String sql, String rule) {
        assertThatThrownBy(() -> new ReadOnlyPolicy(engine, PolicyConfigs.defaults()).check(PolicyConfigs.database(engine), sql))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.rule()).isEqualTo(rule));
    }

    @Test
    void depthIsBoundedBeforeParsing() {
        String nested = "SELECT " + "(".repeat(101) + "1" + ")".repeat(101);
        String chain = "SELECT 1 WHERE " + "1 = 1 AND ".repeat(1001) + "true";
        for (String sql : List.of(nested, chain)) {
            assertThatThrownBy(() -> POSTGRESQL.check(PolicyConfigs.database(EngineKind.POSTGRESQL), sql))
                    .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.rule()).isEqualTo("too-complex"));
        }
        String shallow = "SELECT " + "(".repeat(90) + "1" + ")".repeat(90) + " WHERE " + "1 = 1 AND ".repeat(400) + "true";
        assertThat(POSTGRESQL.check(PolicyConfigs.database(EngineKind.POSTGRESQL), shallow).sql()).startsWith("SELECT");
    }

    @Test
    void whatWasOverRefusedRuns() {
        var pg = PolicyConfigs.database(EngineKind.POSTGRESQL);
        assertThat(POSTGRESQL.check(pg, "TABLE hotels").sql()).isEqualTo("TABLE hotels");
        assertThat(POSTGRESQL.check(pg, "SELECT 'a /*! b */' AS s").sql()).isEqualTo("SELECT 'a /*! b */' AS s");
        assertThat(SQLITE.check(PolicyConfigs.database(EngineKind.SQLITE), "SELECT 1 /*! ; DROP TABLE hotels */").sql())
                .isEqualTo("SELECT 1");
        assertThat(POSTGRESQL.check(pg, "SELECT pg_typeof(stars), repeat('-', 20) FROM hotels").sql()).contains("pg_typeof");
        assertThat(POSTGRESQL.check(pg, "SELECT h.version, h.has_wifi, h.lo_price FROM hotels h").sql()).contains("version");
    }

    @Test
    void namesTheParserReservesButTheEnginesDoNotRunAsWritten() {
        var sqlite = PolicyConfigs.database(EngineKind.SQLITE);
        // two statements of the AmbiQT development set: a column named number, a table named statement
        String number = "select number, roomname from rooms order by baseprice desc limit 3";
        String statement = "select t1.invoice_date, t1.order_id, t2.order_details from statement as t1 join orders"
                + " as t2 on t1.order_id = t2.order_id";
        assertThat(SQLITE.check(sqlite, number).sql()).isEqualTo(number);
        assertThat(SQLITE.check(sqlite, statement).sql()).isEqualTo(statement);
        assertThat(POSTGRESQL.check(PolicyConfigs.database(EngineKind.POSTGRESQL), number).sql()).isEqualTo(number);
    }

    @Test
    void quotingNamesForTheSecondParseNeverTurnsAWordThatDecidesWhatRunsIntoAName() {
        var sqlite = PolicyConfigs.database(EngineKind.SQLITE);
        assertThatThrownBy(() -> SQLITE.check(sqlite, "select number into t from rooms"))
                .isInstanceOf(SandboxException.class);
        assertThatThrownBy(() -> SQLITE.check(sqlite, "select number from rooms for update"))
                .isInstanceOf(SandboxException.class);
        assertThatThrownBy(() -> SQLITE.check(sqlite, "with x as (delete from rooms) select number from x"))
                .isInstanceOf(SandboxException.class);
        assertThatThrownBy(() -> SQLITE.check(sqlite, "select number from statement, pragma_table_info('rooms')"))
                .isInstanceOf(SandboxException.class);
    }
}

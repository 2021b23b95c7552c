package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.support.MappedConfig;
import io.grpc.Status;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The default policy's own decisions, before and around the rules it delegates: what text it takes at all, the one
 * statement, the plain EXPLAIN, the denied-function patterns, and what the allowed statement says of itself.
 */
class ReadOnlyPolicyTest {
    private static final ReadOnlyPolicy SQLITE = new ReadOnlyPolicy(EngineKind.SQLITE, PolicyConfigs.defaults());
    private static final ReadOnlyPolicy PG = new ReadOnlyPolicy(EngineKind.POSTGRESQL, PolicyConfigs.defaults());
    private static final TenantDatabase HOTELS = PolicyConfigs.database(EngineKind.SQLITE);
    private static final TenantDatabase HOTELS_PG = PolicyConfigs.database(EngineKind.POSTGRESQL);

    private static SandboxException refusal(ReadOnlyPolicy policy, TenantDatabase database, String sql) {
        return (SandboxException) org.assertj.core.api.Assertions.catchThrowable(() -> policy.check(database, sql));
    }

    @Test
    void emptyTooLongNulAndCommentOnlyTextsAreInvalidWithWhatToSend() {
        assertThat(refusal(SQLITE, HOTELS, "  ").getMessage()).contains("sql is empty; send one SELECT statement");
        assertThat(refusal(SQLITE, HOTELS, "SELECT '" + "x".repeat(100_000) + "'").getMessage())
                .contains("the limit is 100000 (overtone.executor.policy.max-sql-length)");
        assertThat(refusal(SQLITE, HOTELS, "SELECT 1\0").getMessage()).contains("NUL character");
        SandboxException comments = refusal(SQLITE, HOTELS, "/* SELECT 1 */ -- nothing");
        assertThat(comments.getMessage()).contains("only comments");
        assertThat(comments.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    }

    @Test
    void onlyAReadingStatementRunsAndTableOnlyOnPostgresql() {
        SandboxException write = refusal(SQLITE, HOTELS, "DELETE FROM hotels");
        assertThat(write.code()).isEqualTo(Status.Code.PERMISSION_DENIED);
        assertThat(write.getMessage()).contains("read-only-statement").contains("not DELETE");
        assertThat(PG.check(HOTELS_PG, "TABLE hotels").sql()).isEqualTo("TABLE hotels");
        assertThat(refusal(SQLITE, HOTELS, "TABLE hotels").getMessage()).contains("read-only-statement")
                .doesNotContain(", TABLE");
        assertThat(SQLITE.check(HOTELS, "VALUES (1)").sql()).isEqualTo("VALUES (1)");
    }

    @Test
    void aSecondStatementIsRefusedCountedAsTheEngineReadsIt() {
        assertThat(refusal(SQLITE, HOTELS, "SELECT 1; SELECT 2").getMessage()).contains("single-statement")
                .contains("found 2 (as sqlite reads comments and quotes)");
        assertThat(SQLITE.check(HOTELS, "SELECT 1; -- done\n;").sql()).as("trailing semicolons and comments dropped")
                .isEqualTo("SELECT 1");
    }

    @Test
    void aPlainExplainRunsAsItIsAndOneWithOptionsIsRefused() {
        AllowedStatement plan = SQLITE.check(HOTELS, "EXPLAIN QUERY PLAN SELECT name FROM hotels");
        assertThat(plan.explain()).isTrue();
        assertThat(plan.ordered()).isTrue();
        assertThat(PG.check(HOTELS_PG, "EXPLAIN SELECT name FROM hotels").explain()).isTrue();
        assertThat(refusal(PG, HOTELS_PG, "EXPLAIN ANALYZE SELECT 1").getMessage())
                .contains("not EXPLAIN ANALYZE (ANALYZE runs the statement)");
        assertThat(refusal(PG, HOTELS_PG, "EXPLAIN (COSTS OFF) SELECT 1").getMessage()).contains("not EXPLAIN (");
        assertThat(refusal(PG, HOTELS_PG, "EXPLAIN").getMessage()).contains("EXPLAIN needs a statement after it");
        assertThat(refusal(PG, HOTELS_PG, "EXPLAIN DELETE FROM hotels").getMessage()).contains("read-only-statement");
    }

    @Test
    void orderedMeansATopLevelOrderByEvenInsideParentheses() {
        assertThat(SQLITE.check(HOTELS, "SELECT name FROM hotels ORDER BY name").ordered()).isTrue();
        assertThat(SQLITE.check(HOTELS, "(SELECT name FROM hotels ORDER BY name)").ordered()).isTrue();
        assertThat(SQLITE.check(HOTELS, "SELECT name FROM (SELECT name FROM hotels ORDER BY name)").ordered())
                .isFalse();
        assertThat(SQLITE.check(HOTELS, "SELECT name FROM hotels").explain()).isFalse();
    }

    @Test
    void aDeniedPatternWithAStarRefusesThePrefixAndAQualifiedCallIsRefused() {
        ReadOnlyPolicy extended = new ReadOnlyPolicy(EngineKind.SQLITE, PolicyConfigs.with("overtone.executor.policy.sqlite.allowed-functions",
                "sqlite_version"));
        assertThat(refusal(extended, HOTELS, "SELECT sqlite_version()").getMessage()).contains("denied-function")
                .contains("function sqlite_version is denied on sqlite (overtone.executor.policy.sqlite.denied-functions)");
        assertThat(refusal(PG, HOTELS_PG, "SELECT pg_catalog.lower('A')").getMessage())
                .contains("function lower is called with a schema");
        assertThat(refusal(SQLITE, HOTELS, "SELECT no_such_function(1)").getMessage())
                .contains("function no_such_function is not on the sqlite allow-list");
    }

    @Test
    void aConfigurationWithoutTheDeniedFunctionsKeysStillDeniesTheDefaultOnes() {
        ExecutorConfig.Policy unset = MappedConfig.of(Map.of(
                "overtone.executor.policy.postgresql.allowed-functions", "nextval,dblink_connect,current_database",
                "overtone.executor.policy.sqlite.allowed-functions", "load_extension,sqlite_version")).policy();
        ReadOnlyPolicy pg = new ReadOnlyPolicy(EngineKind.POSTGRESQL, unset);
        ReadOnlyPolicy sqlite = new ReadOnlyPolicy(EngineKind.SQLITE, unset);

        Map.of("nextval('s')", pg, "dblink_connect('x')", pg, "current_database()", pg,
                "load_extension('x')", sqlite, "sqlite_version()", sqlite).forEach((call, policy) ->
                assertThat(refusal(policy, policy == pg ? HOTELS_PG : HOTELS, "SELECT " + call)).as(call)
                        .hasMessageContaining("function " + call.substring(0, call.indexOf('(')) + " is denied on "));
    }
}

package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tables a parsed statement names: the tenant's own (unqualified, its own schema, a CTE, its own catalogue views)
 * pass; a system catalogue, another schema or database, a writing CTE, SELECT INTO and row locks are refused, each by
 * its rule. Tenant demo's PostgreSQL database is {@code tenants}, its schema {@code demo_hotels} (PolicyConfigs).
 */
class TableRulesTest {

    private static void check(EngineKind engine, String sql) throws Exception {
        new TableRules(engine).check(PolicyConfigs.database(engine), TreeWalk.of(CCJSqlParserUtil.parse(sql), 100_000));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT * FROM hotels",
            "SELECT * FROM demo_hotels.hotels",
            "SELECT * FROM tenants.demo_hotels.hotels",
            "SELECT table_name FROM information_schema.tables",
            "SELECT column_name FROM information_schema.columns",
            "WITH pg_class AS (SELECT 1 AS x) SELECT x FROM pg_class"})
    void theTenantsOwnTablesAndCatalogueViewsPassOnPostgresql(String sql) {
        assertThatCode(() -> check(EngineKind.POSTGRESQL, sql)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT * FROM hotels", "SELECT * FROM main.hotels", "SELECT sql FROM sqlite_master",
            "SELECT sql FROM main.sqlite_schema", "WITH r AS (SELECT 1) SELECT * FROM r"})
    void theTenantsOwnTablesAndSchemaTablePassOnSqlite(String sql) {
        assertThatCode(() -> check(EngineKind.SQLITE, sql)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "POSTGRESQL | SELECT relname FROM pg_class | system-catalog",
            "POSTGRESQL | SELECT rolname FROM pg_catalog.pg_roles | system-catalog",
            "POSTGRESQL | SELECT * FROM pg_stat_user_tables | system-catalog",
            "POSTGRESQL | SELECT grantee FROM information_schema.role_table_grants | system-catalog",
            "POSTGRESQL | SELECT * FROM other_hotels.hotels | foreign-schema",
            "POSTGRESQL | SELECT * FROM public.hotels | foreign-schema",
            "POSTGRESQL | SELECT * FROM postgres.demo_hotels.hotels | foreign-schema",
            "POSTGRESQL | SELECT * FROM pg_catalog.pg_class | system-catalog",
            "POSTGRESQL | SELECT * INTO copy FROM hotels | select-into",
            "POSTGRESQL | SELECT * FROM hotels FOR UPDATE | row-locking",
            "POSTGRESQL | SELECT * FROM hotels FOR SHARE | row-locking",
            "SQLITE | SELECT * FROM temp.sqlite_master | system-catalog",
            "SQLITE | SELECT * FROM sqlite_temp_master | system-catalog",
            "SQLITE | SELECT * FROM dbstat | system-catalog",
            "SQLITE | SELECT * FROM sqlite_sequence | system-catalog",
            "SQLITE | SELECT * FROM other.hotels | foreign-schema"})
    void everyOtherTableIsRefusedByItsRule(EngineKind engine, String sql, String rule) {
        assertThatThrownBy(() -> check(engine, sql)).isInstanceOfSatisfying(SandboxException.class,
                e -> org.assertj.core.api.Assertions.assertThat(e.rule()).isEqualTo(rule));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT relname FROM pg_class", "SELECT * FROM other_hotels.hotels"})
    void aRefusalSaysWhatToReadInstead(String sql) {
        assertThatThrownBy(() -> check(EngineKind.POSTGRESQL, sql)).isInstanceOf(SandboxException.class)
                .hasMessageMatching(".*(information_schema\\.tables|write table names unqualified).*");
    }
}

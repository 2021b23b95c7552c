package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.EngineKind;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The allow-lists hold no function the sandbox must never let run (the tenant databases' EXECUTE
 * grants follow the PostgreSQL file, so a mistake there would open both walls at once).
 */
class AllowListTest {
    private static final List<String> NEVER_POSTGRESQL_PREFIXES = List.of("pg_", "has_", "to_reg", "txid", "xact",
            "lo_", "dblink", "query_to_", "table_to_", "schema_to_", "database_to_", "cursor_to_", "inet_", "acl");
    private static final Set<String> NEVER_POSTGRESQL = Set.of("set_config", "current_setting", "nextval", "setval",
            "currval", "lastval", "version", "format_type", "obj_description", "col_description",
            "shobj_description", "makeaclitem", "ts_stat", "ts_rewrite", "current_database", "current_query",
            "current_schema", "current_schemas", "current_catalog", "array_fill", "format", "xmltable");
    private static final List<String> NEVER_SQLITE_PREFIXES = List.of("sqlite_", "pragma_");
    private static final Set<String> NEVER_SQLITE = Set.of("load_extension", "readfile", "writefile", "edit",
            "fts3_tokenizer", "fts5_source_id");

    @Test
    void postgresqlListHoldsNoSystemSessionOrSideEffectFunction() {
        Set<String> names = FunctionAllowList.lines(FunctionAllowList.resource(EngineKind.POSTGRESQL));

        assertThat(names).isNotEmpty().doesNotContainAnyElementsOf(NEVER_POSTGRESQL)
                .allSatisfy(name -> assertThat(name.equals("pg_typeof")
                        || NEVER_POSTGRESQL_PREFIXES.stream().noneMatch(name::startsWith)).as(name).isTrue())
                .allSatisfy(name -> assertThat(name).matches("[a-z_][a-z0-9_]*"));
    }

    @Test
    void sqliteListHoldsNoExtensionFileOrIntrospectionFunction() {
        Set<String> names = FunctionAllowList.lines(FunctionAllowList.resource(EngineKind.SQLITE));

        assertThat(names).isNotEmpty().doesNotContainAnyElementsOf(NEVER_SQLITE)
                .allSatisfy(name -> assertThat(NEVER_SQLITE_PREFIXES.stream().noneMatch(name::startsWith))
                        .as(name).isTrue())
                .allSatisfy(name -> assertThat(name).matches("[a-z_][a-z0-9_]*"));
    }

    @Test
    void configuredExtraNamesAreAllowedToo() {
        FunctionAllowList list = FunctionAllowList.of(EngineKind.SQLITE, List.of(" My_Udf "));

        assertThat(list.allows("my_udf")).isTrue();
        assertThat(list.allows("load_extension")).isFalse();
        assertThat(list.allows("count")).isTrue();
    }
}

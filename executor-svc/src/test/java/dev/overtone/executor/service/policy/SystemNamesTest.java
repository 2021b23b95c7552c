package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The system relations, schemas, types and session values refused on tokens, on each engine. */
class SystemNamesTest {
    private static final RuleVerdicts RULE = new RuleVerdicts(SystemNamesTest::check, "refused by rule system-catalog");

    private static void check(EngineKind engine, String sql) {
        new SystemNames(engine, FunctionAllowList.of(engine, List.of()))
                .check(new TokenView(SqlLexer.lex(sql, engine).tokens()));
    }

    @Test
    void postgresqlRefusesPgNamesWhereverTheyStandButNotAnAllowedCall() {
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT * FROM pg_class", "the system name pg_class");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT (TABLE \"PG_ROLES\")", "pg_roles");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT pg_sleep", "pg_sleep");
        RULE.assertAllowed(EngineKind.POSTGRESQL, "SELECT pg_typeof(1)");
    }

    @Test
    void informationSchemaIsReadableOnlyThroughTheOwnCatalogViews() {
        RULE.assertAllowed(EngineKind.POSTGRESQL, "SELECT table_name FROM information_schema.tables");
        RULE.assertAllowed(EngineKind.POSTGRESQL, "SELECT * FROM information_schema.key_column_usage");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT * FROM information_schema.role_table_grants",
                "information_schema is readable only through its views");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT * FROM information_schema.tables.x", "information_schema");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT information_schema.tables()", "information_schema");
    }

    @Test
    void postgresqlRefusesLookupTypesSessionWordsAndRowFunctionsByAttributeNotation() {
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT 1259::regclass", "the type regclass");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT 'x'::aclitem", "the type aclitem");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT current_schema", "current_schema tells about the server");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT h.record_out FROM hotels h", ".record_out calls the function");
        RULE.assertAllowed(EngineKind.POSTGRESQL, "SELECT h.record_out.x FROM hotels h");
        RULE.assertAllowed(EngineKind.POSTGRESQL, "SELECT record_out FROM hotels");
    }

    @Test
    void sqliteReadsOnlyTheMainSchemaTableAndNoOtherSystemTable() {
        RULE.assertAllowed(EngineKind.SQLITE, "SELECT name FROM sqlite_schema");
        RULE.assertAllowed(EngineKind.SQLITE, "SELECT name FROM main.sqlite_master");
        RULE.assertRefused(EngineKind.SQLITE, "SELECT name FROM other.sqlite_master", "only the main database's sqlite_master");
        RULE.assertRefused(EngineKind.SQLITE, "SELECT * FROM sqlite_sequence", "the system table sqlite_sequence");
        RULE.assertRefused(EngineKind.SQLITE, "SELECT * FROM pragma_table_info", "pragma_table_info");
        RULE.assertRefused(EngineKind.SQLITE, "SELECT * FROM dbstat", "the system table dbstat");
        RULE.assertRefused(EngineKind.SQLITE, "SELECT * FROM temp.t", "the temp schema");
        RULE.assertAllowed(EngineKind.SQLITE, "SELECT h.temp FROM hotels h");
    }

    @Test
    void theRefusalSaysWhereToReadTheSchemaInstead() {
        RULE.assertRefused(EngineKind.SQLITE, "SELECT * FROM dbstat", "read sqlite_schema or call Describe");
        RULE.assertRefused(EngineKind.POSTGRESQL, "SELECT * FROM pg_tables", "read information_schema.columns,");
    }
}

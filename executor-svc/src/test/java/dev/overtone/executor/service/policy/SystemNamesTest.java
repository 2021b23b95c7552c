package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The system relations, schemas, types and session values refused on tokens, on each engine. */
class SystemNamesTest {
    private static void check(EngineKind engine, String sql) {
        new SystemNames(engine, FunctionAllowList.of(engine, List.of()))
                .check(new TokenView(SqlLexer.lex(sql, engine).tokens()));
    }

    private static void assertRefused(EngineKind engine, String sql, String why) {
        assertThatThrownBy(() -> check(engine, sql)).as(sql).isInstanceOf(SandboxException.class)
                .hasMessageContaining("refused by rule system-catalog").hasMessageContaining(why);
    }

    private static void assertAllowed(EngineKind engine, String sql) {
        assertThatCode(() -> check(engine, sql)).as(sql).doesNotThrowAnyException();
    }

    @Test
    void postgresqlRefusesPgNamesWhereverTheyStandButNotAnAllowedCall() {
        assertRefused(EngineKind.POSTGRESQL, "SELECT * FROM pg_class", "the system name pg_class");
        assertRefused(EngineKind.POSTGRESQL, "SELECT (TABLE \"PG_ROLES\")", "pg_roles");
        assertRefused(EngineKind.POSTGRESQL, "SELECT pg_sleep", "pg_sleep");
        assertAllowed(EngineKind.POSTGRESQL, "SELECT pg_typeof(1)");
    }

    @Test
    void informationSchemaIsReadableOnlyThroughTheOwnCatalogViews() {
        assertAllowed(EngineKind.POSTGRESQL, "SELECT table_name FROM information_schema.tables");
        assertAllowed(EngineKind.POSTGRESQL, "SELECT * FROM information_schema.key_column_usage");
        assertRefused(EngineKind.POSTGRESQL, "SELECT * FROM information_schema.role_table_grants",
                "information_schema is readable only through its views");
        assertRefused(EngineKind.POSTGRESQL, "SELECT * FROM information_schema.tables.x", "information_schema");
        assertRefused(EngineKind.POSTGRESQL, "SELECT information_schema.tables()", "information_schema");
    }

    @Test
    void postgresqlRefusesLookupTypesSessionWordsAndRowFunctionsByAttributeNotation() {
        assertRefused(EngineKind.POSTGRESQL, "SELECT 1259::regclass", "the type regclass");
        assertRefused(EngineKind.POSTGRESQL, "SELECT 'x'::aclitem", "the type aclitem");
        assertRefused(EngineKind.POSTGRESQL, "SELECT current_schema", "current_schema tells about the server");
        assertRefused(EngineKind.POSTGRESQL, "SELECT h.record_out FROM hotels h", ".record_out calls the function");
        assertAllowed(EngineKind.POSTGRESQL, "SELECT h.record_out.x FROM hotels h");
        assertAllowed(EngineKind.POSTGRESQL, "SELECT record_out FROM hotels");
    }

    @Test
    void sqliteReadsOnlyTheMainSchemaTableAndNoOtherSystemTable() {
        assertAllowed(EngineKind.SQLITE, "SELECT name FROM sqlite_schema");
        assertAllowed(EngineKind.SQLITE, "SELECT name FROM main.sqlite_master");
        assertRefused(EngineKind.SQLITE, "SELECT name FROM other.sqlite_master", "only the main database's sqlite_master");
        assertRefused(EngineKind.SQLITE, "SELECT * FROM sqlite_sequence", "the system table sqlite_sequence");
        assertRefused(EngineKind.SQLITE, "SELECT * FROM pragma_table_info", "pragma_table_info");
        assertRefused(EngineKind.SQLITE, "SELECT * FROM dbstat", "the system table dbstat");
        assertRefused(EngineKind.SQLITE, "SELECT * FROM temp.t", "the temp schema");
        assertAllowed(EngineKind.SQLITE, "SELECT h.temp FROM hotels h");
    }

    @Test
    void theRefusalSaysWhereToReadTheSchemaInstead() {
        assertRefused(EngineKind.SQLITE, "SELECT * FROM dbstat", "read sqlite_schema or call Describe");
        assertRefused(EngineKind.POSTGRESQL, "SELECT * FROM pg_tables", "read information_schema.columns,");
    }
}

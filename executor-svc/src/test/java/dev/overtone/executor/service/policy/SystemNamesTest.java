package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The system relations, schemas, types and session values refused on tokens, on each engine. */
class SystemNamesTest {
    private static final RuleVerdicts RULE = new RuleVerdicts(SystemNamesTest::check, "refused by rule system-catalog");

    private static void check(EngineKind engine, String sql) {
        new SystemNames(engine, FunctionAllowList.of(engine, List.of()))
                .check(new TokenView(SqlLexer.lex(sql, engine).tokens()));
    }

    /** Each case: the engine, the statement, and {@code allowed} or what its refusal says. */
    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @CsvSource(delimiter = ';', nullValues = RuleVerdicts.ALLOWED, textBlock = """
            # PostgreSQL refuses pg_ names wherever they stand, but not an allowed call
            POSTGRESQL ; SELECT * FROM pg_class                                  ; the system name pg_class
            POSTGRESQL ; SELECT (TABLE "PG_ROLES")                               ; pg_roles
            POSTGRESQL ; SELECT pg_sleep                                         ; pg_sleep
            POSTGRESQL ; SELECT pg_typeof(1)                                     ; allowed
            # information_schema is readable only through the own catalog views
            POSTGRESQL ; SELECT table_name FROM information_schema.tables        ; allowed
            POSTGRESQL ; SELECT * FROM information_schema.key_column_usage       ; allowed
            POSTGRESQL ; SELECT * FROM information_schema.role_table_grants      ; information_schema is readable only through its views
            POSTGRESQL ; SELECT * FROM information_schema.tables.x               ; information_schema
            POSTGRESQL ; SELECT information_schema.tables()                      ; information_schema
            # PostgreSQL refuses lookup types, session words and row functions by attribute notation
            POSTGRESQL ; SELECT 1259::regclass                                   ; the type regclass
            POSTGRESQL ; SELECT 'x'::aclitem                                     ; the type aclitem
            POSTGRESQL ; SELECT current_schema                                   ; current_schema tells about the server
            POSTGRESQL ; SELECT h.record_out FROM hotels h                       ; .record_out calls the function
            POSTGRESQL ; SELECT h.record_out.x FROM hotels h                     ; allowed
            POSTGRESQL ; SELECT record_out FROM hotels                           ; allowed
            # SQLite reads only the main schema table and no other system table
            SQLITE     ; SELECT name FROM sqlite_schema                          ; allowed
            SQLITE     ; SELECT name FROM main.sqlite_master                     ; allowed
            SQLITE     ; SELECT name FROM other.sqlite_master                    ; only the main database's sqlite_master
            SQLITE     ; SELECT * FROM sqlite_sequence                           ; the system table sqlite_sequence
            SQLITE     ; SELECT * FROM pragma_table_info                         ; pragma_table_info
            SQLITE     ; SELECT * FROM dbstat                                    ; the system table dbstat
            SQLITE     ; SELECT * FROM temp.t                                    ; the temp schema
            SQLITE     ; SELECT h.temp FROM hotels h                             ; allowed
            # the refusal says where to read the schema instead
            SQLITE     ; SELECT * FROM dbstat                                    ; read sqlite_schema or call Describe
            POSTGRESQL ; SELECT * FROM pg_tables                                 ; read information_schema.columns,
            """)
    void refusesASystemNameAndLetsTheRestThrough(EngineKind engine, String sql, String refusal) {
        RULE.assertVerdict(engine, sql, refusal);
    }
}

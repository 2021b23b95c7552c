package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import java.util.Set;

/**
 * Refuses any token that names a system relation, schema, type or session value, wherever it stands:
 * on tokens, so that the parser's reading of the statement ({@code (TABLE pg_class)}) cannot hide one.
 */
final class SystemNames {
    /** information_schema views that show only objects the role may use (its own schema's tables). */
    static final Set<String> OWN_CATALOG_VIEWS = Set.of("tables", "columns", "views", "table_constraints",
            "key_column_usage", "referential_constraints", "constraint_column_usage");
    private static final Set<String> REG_TYPES = Set.of("regclass", "regtype", "regproc", "regprocedure", "regoper",
            "regoperator", "regconfig", "regdictionary", "regnamespace", "regrole", "regcollation", "regdatabase");
    private static final Set<String> SESSION_WORDS = Set.of("current_catalog", "current_schema", "current_schemas",
            "system_user");
    /** Types whose input function looks up roles or objects: a cast to them probes the catalogue. */
    private static final Set<String> LOOKUP_TYPES = Set.of("aclitem", "txid_snapshot", "pg_snapshot");
    /**
     * Functions of one row-typed ("any", record) argument, which attribute notation reaches: {@code h.f}
     * calls {@code f(h)}. Those named pg_* are system names anyway; a column of the same name wins.
     */
    private static final Set<String> ROW_FUNCTIONS = Set.of("row_to_json", "hash_record", "hash_record_extended",
            "record_out", "record_send", "hstore", "populate_record");
    private static final Set<String> SQLITE_SYSTEM_TABLES = Set.of("dbstat", "sqlite_dbpage", "sqlite_stmt");

    private final EngineKind engine;
    private final FunctionAllowList allowed;

    SystemNames(EngineKind engine, FunctionAllowList allowed) {
        this.engine = engine;
        this.allowed = allowed;
    }

    void check(TokenView tokens) {
        for (int i = 0; i < tokens.size(); i++) {
            if (!tokens.isName(i)) {
                continue;
            }
            String name = tokens.name(i);
            boolean call = tokens.isCallShaped(i) && allowed.allows(name);
            String refused = engine == EngineKind.POSTGRESQL ? postgresql(tokens, i, name, call)
                    : sqlite(tokens, i, name, call);
            if (refused != null) {
                throw SandboxException.denied("system-catalog", refused + "; read " + (engine == EngineKind.SQLITE
                        ? "sqlite_schema" : "information_schema." + String.join(", information_schema.",
                                OWN_CATALOG_VIEWS.stream().sorted().toList())) + " or call Describe for the schema");
            }
        }
    }

    private String postgresql(TokenView tokens, int i, String name, boolean call) {
        if (name.startsWith("pg_") && !call) {
            return "the system name " + name + " is not readable";
        }
        if (name.equals("information_schema") && !(tokens.is(i + 1, ".")
                && OWN_CATALOG_VIEWS.contains(tokens.name(i + 2)) && !tokens.is(i + 3, "(")
                && !tokens.is(i + 3, "."))) {
            return "information_schema is readable only through its views "
                    + String.join(", ", OWN_CATALOG_VIEWS.stream().sorted().toList());
        }
        if (REG_TYPES.contains(name) || LOOKUP_TYPES.contains(name)) {
            return "the type " + name + " turns numbers into the names of system objects and is not usable";
        }
        if (SESSION_WORDS.contains(name)) {
            return name + " tells about the server rather than the tenant's data";
        }
        if (tokens.isQualified(i) && !tokens.is(i + 1, "(") && !tokens.is(i + 1, ".")
                && ROW_FUNCTIONS.contains(name) && !allowed.allows(name)) {
            return "." + name + " calls the function " + name + " on the row (attribute notation)";
        }
        return null;
    }

    private String sqlite(TokenView tokens, int i, String name, boolean call) {
        if (name.equals("sqlite_schema") || name.equals("sqlite_master")) {
            boolean mainOrNothing = !tokens.isQualified(i) || tokens.name(i - 2).equals("main") && !tokens.is(i - 3, ".");
            return mainOrNothing ? null : "only the main database's " + name + " is readable";
        }
        if ((name.startsWith("sqlite_") || name.startsWith("pragma_")) && !call
                || SQLITE_SYSTEM_TABLES.contains(name)) {
            return "the system table " + name + " is not readable";
        }
        if (name.equals("temp") && tokens.is(i + 1, ".") && !tokens.isQualified(i)) {
            return "the temp schema is not the tenant's";
        }
        return null;
    }
}

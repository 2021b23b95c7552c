package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.WithItem;

/** What the parsed tree's tables, CTEs and plain selects may be: the tenant's own, read without locks. */
final class TableRules {
    private final EngineKind engine;

    TableRules(EngineKind engine) {
        this.engine = engine;
    }

    void check(TenantDatabase database, TreeWalk walk) {
        Set<String> cteNames = new HashSet<>();
        for (WithItem<?> item : walk.withItems) {
            Object body = item.getStatement();
            if (body != null && !(body instanceof net.sf.jsqlparser.statement.select.Select)) {
                throw SandboxException.denied("writable-cte", "the CTE " + (item.getAlias() == null ? ""
                        : item.getAlias().getName() + " ") + "does not only read; make every CTE a SELECT");
            }
            if (item.getAlias() != null) {
                cteNames.add(TreeWalk.unquote(item.getAlias().getName()));
            }
        }
        checkSelects(walk.plainSelects);
        checkTables(database, walk.tables, cteNames);
    }

    private static void checkSelects(List<PlainSelect> plainSelects) {
        for (PlainSelect plain : plainSelects) {
            if ((plain.getIntoTables() != null && !plain.getIntoTables().isEmpty()) || plain.getIntoTempTable() != null) {
                throw SandboxException.denied("select-into", "SELECT ... INTO creates a table; drop the INTO clause");
            }
            if (plain.getForMode() != null || plain.getForUpdateTable() != null) {
                throw SandboxException.denied("row-locking", "FOR UPDATE / FOR SHARE lock rows; drop the locking clause");
            }
        }
    }

    private void checkTables(TenantDatabase database, List<Table> tables, Set<String> cteNames) {
        String ownSchema = engine == EngineKind.POSTGRESQL
                ? database.postgres().map(p -> p.schema()).orElse("")
                : "main";
        for (Table table : tables) {
            String name = TreeWalk.unquote(table.getName());
            String schema = TreeWalk.unquote(table.getSchemaName());
            String catalog = TreeWalk.unquote(table.getDatabaseName());
            if (schema.isEmpty() && cteNames.contains(name) || isOwnCatalog(name, schema)) {
                continue;
            }
            if (isSystemName(name) || isSystemName(schema)) {
                throw SandboxException.denied("system-catalog", "system catalog " + table.getFullyQualifiedName()
                        + " is not readable; read " + (engine == EngineKind.SQLITE ? "sqlite_schema"
                        : "information_schema." + String.join(", information_schema.",
                                SystemNames.OWN_CATALOG_VIEWS.stream().sorted().toList())) + " or call Describe for the schema");
            }
            if (!schema.isEmpty() && !schema.equals(ownSchema)) {
                throw SandboxException.denied("foreign-schema", "schema " + schema
                        + " is not this tenant database's; write table names unqualified");
            }
            if (!catalog.isEmpty() && !catalog.equals(database.postgres().map(p -> p.database()).orElse(""))) {
                throw SandboxException.denied("foreign-schema", "database " + catalog
                        + " is not this tenant database's; write table names unqualified");
            }
        }
    }

    /**
     * The tenant's own catalog: SQLite's sqlite_schema of the main database (the tenant's file holds
     * nothing else), and those PostgreSQL information_schema views that by the SQL standard list only
     * objects the current role has a privilege on, so for the tenant's role its own schema only.
     */
    private boolean isOwnCatalog(String name, String schema) {
        return switch (engine) {
            case SQLITE -> (schema.isEmpty() || schema.equals("main"))
                    && (name.equals("sqlite_schema") || name.equals("sqlite_master"));
            case POSTGRESQL -> schema.equals("information_schema") && SystemNames.OWN_CATALOG_VIEWS.contains(name);
        };
    }

    private boolean isSystemName(String name) {
        return switch (engine) {
            case POSTGRESQL -> name.startsWith("pg_") || name.equals("information_schema");
            case SQLITE -> name.startsWith("sqlite_") || name.startsWith("pragma_") || name.equals("temp")
                    || name.equals("dbstat");
        };
    }
}

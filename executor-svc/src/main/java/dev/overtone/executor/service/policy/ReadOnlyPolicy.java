package dev.overtone.executor.service.policy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * The default policy of an engine: exactly one statement that only reads (SELECT, set operations,
 * WITH whose every CTE only reads, VALUES), touching only the tenant's own tables and no function
 * of the deny-list. Rules, in the order they are checked (each refusal names its rule):
 * <ul>
 * <li>{@code conditional-comment}: MySQL {@code /*! ... *}{@code /} comments, which some engines run</li>
 * <li>{@code read-only-statement}: the statement does not start with SELECT, WITH, VALUES or '('</li>
 * <li>{@code single-statement}: more than one statement</li>
 * <li>{@code writable-cte}: a CTE that inserts, updates or deletes</li>
 * <li>{@code select-into}: SELECT ... INTO creates a table</li>
 * <li>{@code row-locking}: FOR UPDATE / FOR SHARE take locks</li>
 * <li>{@code system-catalog}: pg_*, information_schema, sqlite_*, pragma_* tables</li>
 * <li>{@code foreign-schema}: a table qualified with a schema other than the tenant's</li>
 * <li>{@code denied-function}: a function of the deny-list</li>
 * <li>{@code unsupported-construct}: the statement cannot be walked completely</li>
 * </ul>
 */
public final class ReadOnlyPolicy implements SandboxPolicy {
    private static final Set<String> READING_KEYWORDS = Set.of("select", "with", "values");
    private static final Pattern FIRST_WORD = Pattern.compile("[A-Za-z_]+");
    private static final ExecutorService PARSER_THREADS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "sandbox-policy-parser");
        t.setDaemon(true);
        return t;
    });

    private final EngineKind engine;
    private final List<String> deniedFunctions;
    private final Set<String> allowedFunctions;
    private final int maxSqlLength;
    private final long parseTimeoutMillis;

    public ReadOnlyPolicy(EngineKind engine, List<String> deniedFunctions, List<String> allowedFunctions,
            ExecutorConfig.Policy config) {
        this.engine = engine;
        this.deniedFunctions = deniedFunctions.stream().map(f -> f.trim().toLowerCase(Locale.ROOT))
                .filter(f -> !f.isEmpty()).toList();
        this.allowedFunctions = Set.copyOf(allowedFunctions.stream().map(f -> f.trim().toLowerCase(Locale.ROOT))
                .toList());
        this.maxSqlLength = config.maxSqlLength();
        this.parseTimeoutMillis = config.parseTimeout().toMillis();
    }

    @Override
    public AllowedStatement check(TenantDatabase database, String sql) {
        if (sql == null || sql.isBlank()) {
            throw SandboxException.invalid("sql is empty");
        }
        if (sql.length() > maxSqlLength) {
            throw SandboxException.invalid("sql is " + sql.length() + " characters; the limit is " + maxSqlLength);
        }
        if (sql.indexOf('\0') >= 0) {
            throw SandboxException.invalid("sql contains a NUL character");
        }
        if (sql.contains("/*!")) {
            throw SandboxException.denied("conditional-comment",
                    "MySQL conditional comments (/*! ... */) may hide a statement");
        }
        String keyword = firstKeyword(sql);
        if (!keyword.equals("(") && !READING_KEYWORDS.contains(keyword)) {
            throw SandboxException.denied("read-only-statement", "only SELECT, WITH ... SELECT and VALUES may run, not "
                    + (keyword.isEmpty() ? "this statement" : keyword.toUpperCase(Locale.ROOT)));
        }
        Statement statement = parseSingle(AnalysisText.of(sql, engine == EngineKind.SQLITE));
        if (!(statement instanceof Select select)) {
            throw SandboxException.denied("read-only-statement", "only SELECT, WITH ... SELECT and VALUES may run, not "
                    + statement.getClass().getSimpleName());
        }
        StatementReferences references;
        try {
            references = StatementReferences.of(select);
        } catch (RuntimeException e) {
            throw SandboxException.denied("unsupported-construct",
                    "the statement uses a construct the sandbox cannot inspect");
        }
        checkWithItems(select, references);
        checkSelects(references);
        checkTables(database, references);
        checkFunctions(references);
        return new AllowedStatement(stripTrailingSemicolons(sql), hasTopLevelOrderBy(select));
    }

    private Statement parseSingle(String sql) {
        Statements statements;
        try {
            statements = CCJSqlParserUtil.parseStatements(sql, PARSER_THREADS, parser -> {
                parser.withTimeOut(parseTimeoutMillis);
                if (engine == EngineKind.POSTGRESQL) {
                    parser.withDollarQuotedStringTags(true);
                } else {
                    parser.withSquareBracketQuotation(true);
                }
            });
        } catch (JSQLParserException e) {
            throw SandboxException.invalid("the statement does not parse: " + firstLine(e));
        } catch (RuntimeException e) {
            throw SandboxException.invalid("the statement does not parse");
        }
        List<Statement> list = statements == null ? List.of() : statements.stream().filter(s -> s != null).toList();
        if (list.isEmpty()) {
            throw SandboxException.invalid("sql holds no statement");
        }
        if (list.size() > 1) {
            throw SandboxException.denied("single-statement", "exactly one statement may run; found " + list.size());
        }
        return list.get(0);
    }

    private static void checkWithItems(Select select, StatementReferences references) {
        List<WithItem<?>> items = new java.util.ArrayList<>(references.withItems);
        if (select.getWithItemsList() != null) {
            items.addAll(select.getWithItemsList());
        }
        for (WithItem<?> item : items) {
            Object body = item.getStatement();
            if (body != null && !(body instanceof Select)) {
                throw SandboxException.denied("writable-cte", "the CTE "
                        + (item.getAlias() == null ? "" : item.getAlias().getName() + " ") + "does not only read");
            }
        }
    }

    private static void checkSelects(StatementReferences references) {
        for (PlainSelect plain : references.plainSelects) {
            if ((plain.getIntoTables() != null && !plain.getIntoTables().isEmpty()) || plain.getIntoTempTable() != null) {
                throw SandboxException.denied("select-into", "SELECT ... INTO creates a table");
            }
            if (plain.getForMode() != null || plain.getForUpdateTable() != null) {
                throw SandboxException.denied("row-locking", "FOR UPDATE / FOR SHARE lock rows");
            }
        }
    }

    private void checkTables(TenantDatabase database, StatementReferences references) {
        String ownSchema = engine == EngineKind.POSTGRESQL
                ? database.postgres().map(p -> p.schema()).orElse("")
                : "main";
        for (Table table : references.tables) {
            String name = StatementReferences.unquote(table.getName());
            String schema = StatementReferences.unquote(table.getSchemaName());
            String catalog = StatementReferences.unquote(table.getDatabaseName());
            if (schema.isEmpty() && references.cteNames.contains(name)) {
                continue;
            }
            if (isSystemName(name) || isSystemName(schema)) {
                throw SandboxException.denied("system-catalog", "system catalog " + table.getFullyQualifiedName()
                        + " is not readable; use Describe for the schema");
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

    private boolean isSystemName(String name) {
        return switch (engine) {
            case POSTGRESQL -> name.startsWith("pg_") || name.equals("information_schema");
            case SQLITE -> name.startsWith("sqlite_") || name.startsWith("pragma_") || name.equals("temp");
        };
    }

    private void checkFunctions(StatementReferences references) {
        for (String function : references.functions) {
            if (allowedFunctions.contains(function)) {
                continue;
            }
            for (String denied : deniedFunctions) {
                boolean matches = denied.endsWith("*")
                        ? function.startsWith(denied.substring(0, denied.length() - 1))
                        : function.equals(denied);
                if (matches) {
                    throw SandboxException.denied("denied-function", "function " + function
                            + " is on the " + engine.dialect() + " deny-list (" + denied + ")");
                }
            }
        }
    }

    static boolean hasTopLevelOrderBy(Select select) {
        if (select.getOrderByElements() != null && !select.getOrderByElements().isEmpty()) {
            return true;
        }
        return select instanceof ParenthesedSelect parenthesed && parenthesed.getSelect() != null
                && hasTopLevelOrderBy(parenthesed.getSelect());
    }

    /** The first keyword after leading whitespace and comments, lower case; "(" for a parenthesised query. */
    static String firstKeyword(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (sql.startsWith("--", i)) {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
            } else if (sql.startsWith("/*", i)) {
                int depth = 0;
                do {
                    if (sql.startsWith("/*", i)) {
                        depth++;
                        i += 2;
                    } else if (sql.startsWith("*/", i)) {
                        depth--;
                        i += 2;
                    } else {
                        i++;
                    }
                } while (i < n && depth > 0);
            } else if (c == '(') {
                return "(";
            } else {
                Matcher m = FIRST_WORD.matcher(sql).region(i, n);
                return m.lookingAt() ? m.group().toLowerCase(Locale.ROOT) : "";
            }
        }
        return "";
    }

    private static String stripTrailingSemicolons(String sql) {
        String s = sql.strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return s;
    }

    private static String firstLine(JSQLParserException e) {
        String message = e.getMessage() == null ? "syntax error" : e.getMessage();
        int nl = message.indexOf('\n');
        String line = nl < 0 ? message : message.substring(0, nl);
        return line.length() > 200 ? line.substring(0, 200) : line;
    }
}

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
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.parser.Token;
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
    /** information_schema views that show only objects the role may use (its own schema's tables). */
    private static final Set<String> OWN_CATALOG_VIEWS = Set.of("tables", "columns", "views", "table_constraints",
            "key_column_usage", "referential_constraints", "constraint_column_usage");
    private static final Set<String> EXPLAIN_OPTIONS = Set.of("analyze", "analyse", "verbose", "costs", "settings",
            "buffers", "wal", "timing", "summary", "format", "generic_plan", "memory", "serialize");
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
            throw SandboxException.invalid("sql is empty; send one SELECT statement");
        }
        if (sql.length() > maxSqlLength) {
            throw SandboxException.invalid("sql is " + sql.length() + " characters; the limit is " + maxSqlLength
                    + " (overtone.executor.policy.max-sql-length): send a shorter statement");
        }
        if (sql.indexOf('\0') >= 0) {
            throw SandboxException.invalid("sql contains a NUL character; remove it");
        }
        if (sql.contains("/*!")) {
            throw SandboxException.denied("conditional-comment",
                    "MySQL conditional comments (/*! ... */) may hide a statement; remove the comment");
        }
        SqlLexer.Lexed lexed = SqlLexer.lex(sql, engine);
        if (lexed.statements() == 0) {
            throw SandboxException.invalid("sql holds only comments; send one SELECT statement");
        }
        String first = lexed.firstWord();
        if (!first.equals("explain") && !first.equals("(") && !READING_KEYWORDS.contains(first)) {
            checkReading(database, first, ""); // refuses by read-only-statement before anything else
        }
        if (lexed.statements() > 1) {
            throw SandboxException.denied("single-statement", "exactly one statement may run; found "
                    + lexed.statements() + " (as " + engine.dialect() + " reads comments and quotes): send them one"
                    + " at a time");
        }
        String engineSql = lexed.engineText();
        int explained = explainPrefix(lexed);
        if (explained > 0) {
            List<SqlLexer.Token> rest = lexed.tokens().subList(explained, lexed.tokens().size());
            if (rest.isEmpty()) {
                throw SandboxException.invalid("EXPLAIN needs a statement after it");
            }
            String analysis = lexed.analysisText().substring(analysisOffset(lexed, explained));
            checkReading(database, rest.get(0).kind() == SqlLexer.Kind.WORD
                    ? rest.get(0).text().toLowerCase(Locale.ROOT) : rest.get(0).text(), analysis);
            return new AllowedStatement(engineSql, true, true);
        }
        Select select = checkReading(database, lexed.firstWord(), lexed.analysisText());
        return new AllowedStatement(engineSql, hasTopLevelOrderBy(select), false);
    }

    private Select checkReading(TenantDatabase database, String keyword, String analysisText) {
        if (!keyword.equals("(") && !READING_KEYWORDS.contains(keyword)) {
            throw SandboxException.denied("read-only-statement", "only SELECT, WITH ... SELECT, VALUES and plain"
                    + " EXPLAIN of those may run, not " + (keyword.isEmpty() ? "this statement"
                    : keyword.toUpperCase(Locale.ROOT)) + "; rewrite it as a query that only reads");
        }
        Statement statement = parseSingle(analysisText);
        if (!(statement instanceof Select select)) {
            throw SandboxException.denied("read-only-statement", "only SELECT, WITH ... SELECT, VALUES and plain"
                    + " EXPLAIN of those may run; rewrite it as a query that only reads");
        }
        StatementReferences references;
        try {
            references = StatementReferences.of(select);
        } catch (RuntimeException e) {
            throw SandboxException.denied("unsupported-construct",
                    "the statement uses a construct the sandbox cannot inspect; write it with plain SELECT syntax");
        }
        checkWithItems(select, references);
        checkSelects(references);
        checkTables(database, references);
        checkFunctions(references);
        return select;
    }

    /**
     * Tokens of a plain EXPLAIN prefix (PostgreSQL {@code EXPLAIN}, SQLite {@code EXPLAIN [QUERY PLAN]});
     * 0 when the statement does not start with EXPLAIN. EXPLAIN ANALYZE and option lists are refused:
     * ANALYZE runs the statement, and a plain plan is what a text-to-SQL user asks for.
     */
    private int explainPrefix(SqlLexer.Lexed lexed) {
        List<SqlLexer.Token> tokens = lexed.tokens();
        if (tokens.isEmpty() || !tokens.get(0).isWord("explain")) {
            return 0;
        }
        if (engine == EngineKind.SQLITE && tokens.size() > 2 && tokens.get(1).isWord("query")
                && tokens.get(2).isWord("plan")) {
            return 3;
        }
        if (tokens.size() > 1 && (tokens.get(1).text().equals("(") || EXPLAIN_OPTIONS.contains(
                tokens.get(1).text().toLowerCase(Locale.ROOT)))) {
            throw SandboxException.denied("read-only-statement", "only plain EXPLAIN of a query may run, not EXPLAIN "
                    + tokens.get(1).text().toUpperCase(Locale.ROOT) + " (ANALYZE runs the statement); drop the options");
        }
        return 1;
    }

    /** Index in the analysis text where token {@code index} starts (tokens are copied in order). */
    private static int analysisOffset(SqlLexer.Lexed lexed, int index) {
        int offset = 0;
        List<SqlLexer.Token> tokens = lexed.tokens();
        String text = lexed.analysisText();
        for (int t = 0; t < index; t++) {
            offset = text.indexOf(tokens.get(t).text(), offset) + tokens.get(t).text().length();
        }
        return offset;
    }

    private Statement parseSingle(String sql) {
        Statements statements;
        try {
            statements = CCJSqlParserUtil.parseStatements(sql, PARSER_THREADS, parser -> {
                parser.withTimeOut(parseTimeoutMillis);
                if (engine == EngineKind.SQLITE) {
                    parser.withSquareBracketQuotation(true);
                }
            });
        } catch (JSQLParserException e) {
            throw SandboxException.invalid(unparsable(e));
        } catch (RuntimeException e) {
            throw SandboxException.invalid("the statement does not parse as " + engine.dialect()
                    + " SQL the sandbox can check; check quotes, parentheses and keywords");
        }
        List<Statement> list = statements == null ? List.of() : statements.stream().filter(s -> s != null).toList();
        if (list.isEmpty()) {
            throw SandboxException.invalid("sql holds no statement; send one SELECT statement");
        }
        if (list.size() > 1) {
            throw SandboxException.denied("single-statement", "exactly one statement may run; found " + list.size()
                    + ": send them one at a time");
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
                        + (item.getAlias() == null ? "" : item.getAlias().getName() + " ") + "does not only read; make every CTE a SELECT");
            }
        }
    }

    private static void checkSelects(StatementReferences references) {
        for (PlainSelect plain : references.plainSelects) {
            if ((plain.getIntoTables() != null && !plain.getIntoTables().isEmpty()) || plain.getIntoTempTable() != null) {
                throw SandboxException.denied("select-into", "SELECT ... INTO creates a table; drop the INTO clause");
            }
            if (plain.getForMode() != null || plain.getForUpdateTable() != null) {
                throw SandboxException.denied("row-locking", "FOR UPDATE / FOR SHARE lock rows; drop the locking clause");
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
            if (isOwnCatalog(name, schema)) {
                continue;
            }
            if (isSystemName(name) || isSystemName(schema)) {
                throw SandboxException.denied("system-catalog", "system catalog " + table.getFullyQualifiedName()
                        + " is not readable; read " + (engine == EngineKind.SQLITE ? "sqlite_schema"
                        : "information_schema." + String.join(", information_schema.", OWN_CATALOG_VIEWS.stream()
                                .sorted().toList())) + " or call Describe for the schema");
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
            case POSTGRESQL -> schema.equals("information_schema") && OWN_CATALOG_VIEWS.contains(name);
        };
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
                            + " is on the " + engine.dialect() + " deny-list (" + denied + "); write the query without it");
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

    /** Where the parser stopped, without its internals (token names, class names): the rule and the fix. */
    private String unparsable(JSQLParserException e) {
        Throwable cause = e;
        while (cause != null && !(cause instanceof ParseException)) {
            cause = cause.getCause();
        }
        String where = "";
        if (cause instanceof ParseException parse && parse.currentToken != null && parse.currentToken.next != null) {
            Token at = parse.currentToken.next;
            where = " near line " + at.beginLine + ", column " + at.beginColumn
                    + (at.image == null || at.image.isEmpty() ? "" : " ('" + abbreviated(at.image) + "')");
        }
        if (cause == null && e.getCause() instanceof java.util.concurrent.TimeoutException) {
            return "the statement took longer than overtone.executor.policy.parse-timeout to check; simplify it";
        }
        return "the statement does not parse as " + engine.dialect() + " SQL the sandbox can check" + where
                + "; check quotes, parentheses and keywords there";
    }

    private static String abbreviated(String image) {
        String flat = image.replaceAll("\\s+", " ");
        return flat.length() > 40 ? flat.substring(0, 40) + "…" : flat;
    }
}

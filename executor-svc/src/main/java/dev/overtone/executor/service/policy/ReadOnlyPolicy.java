package dev.overtone.executor.service.policy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Select;

/**
 * The default policy of an engine: exactly one statement that only reads (SELECT, set operations,
 * WITH whose every CTE only reads, VALUES, PostgreSQL's TABLE), touching only the tenant's own tables
 * and calling only functions of the engine's allow-list. Rules, in the order they are checked (each
 * refusal names its rule):
 * <ul>
 * <li>{@code read-only-statement}: the statement does not start with SELECT, WITH, VALUES, TABLE or '('</li>
 * <li>{@code single-statement}: more than one statement</li>
 * <li>{@code too-complex}: parentheses or operator chains deeper than the limits, before parsing</li>
 * <li>{@code denied-function}: a call (on the tokens) of a function not on the allow-list</li>
 * <li>{@code system-catalog}: a token naming a system relation, schema, reg* type or session value</li>
 * <li>{@code unbounded-value}: a builder of large values without a small literal size</li>
 * <li>{@code writable-cte}, {@code select-into}, {@code row-locking}, {@code foreign-schema}: on the parsed tree</li>
 * <li>{@code unsupported-construct}: the tree holds a node the walk does not know, or the tree and the
 * tokens disagree about the calls</li>
 * </ul>
 */
public final class ReadOnlyPolicy implements SandboxPolicy {
    private static final Set<String> READING_KEYWORDS = Set.of("select", "with", "values");
    private static final Set<String> EXPLAIN_OPTIONS = Set.of("analyze", "analyse", "verbose", "costs", "settings",
            "buffers", "wal", "timing", "summary", "format", "generic_plan", "memory", "serialize");
    private static final Set<String> BEFORE_QUERY = Set.of("(", "union", "intersect", "except", "all", "distinct");

    private final EngineKind engine;
    private final FunctionAllowList allowed;
    private final Predicate<String> denied;
    private final int maxSqlLength;
    private final int maxTreeNodes;
    private final ComplexityBounds complexity;
    private final SystemNames systemNames;
    private final BuiltValueBounds builtValues;
    private final TableRules tableRules;
    private final PolicyParser parser;
    private final ParseBounds callingThreadParse;

    public ReadOnlyPolicy(EngineKind engine, ExecutorConfig.Policy config) {
        this.engine = engine;
        boolean postgresql = engine == EngineKind.POSTGRESQL;
        this.allowed = FunctionAllowList.of(engine, (postgresql ? config.postgresqlAllowedFunctions()
                : config.sqliteAllowedFunctions()).orElse(List.of()));
        this.denied = matching((postgresql ? config.postgresqlDeniedFunctions()
                : config.sqliteDeniedFunctions()).orElse(List.of()).stream()
                .map(f -> f.trim().toLowerCase(Locale.ROOT)).filter(f -> !f.isEmpty()).toList());
        this.maxSqlLength = config.maxSqlLength();
        this.maxTreeNodes = config.maxTreeNodes();
        this.complexity = new ComplexityBounds(config.maxNesting(), config.maxOperatorChain());
        this.systemNames = new SystemNames(engine, allowed);
        this.builtValues = new BuiltValueBounds(engine, config.maxBuiltLength());
        this.tableRules = new TableRules(engine);
        this.parser = new PolicyParser(config.parserThreads(), config.parserQueue(), config.parseTimeout().toMillis(),
                config.parserRetryPushback());
        this.callingThreadParse = new ParseBounds(config.callingThreadParseMaxTokens(),
                config.callingThreadParseMaxNesting());
    }

    @Override
    public AllowedStatement check(TenantDatabase database, String sql) {
        return check(database, sql, 0);
    }

    @Override
    public AllowedStatement check(TenantDatabase database, String sql, long deadlineNanos) {
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
        SqlLexer.Lexed lexed = SqlLexer.lex(sql, engine);
        if (lexed.statements() == 0) {
            throw SandboxException.invalid("sql holds only comments; send one SELECT statement");
        }
        String first = lexed.firstWord();
        if (!first.equals("explain")) {
            requireReading(first);
        }
        if (lexed.statements() > 1) {
            throw SandboxException.denied("single-statement", "exactly one statement may run; found "
                    + lexed.statements() + " (as " + engine.dialect() + " reads comments and quotes): send them one"
                    + " at a time");
        }
        int explained = explainPrefix(lexed.tokens());
        List<SqlLexer.Token> body = lexed.tokens().subList(explained, lexed.tokens().size());
        if (body.isEmpty()) {
            throw SandboxException.invalid("EXPLAIN needs a statement after it");
        }
        Select select = checkReading(database, body, deadlineNanos);
        return new AllowedStatement(lexed.engineText(), explained > 0 || hasTopLevelOrderBy(select),
                explained > 0);
    }

    private void requireReading(String keyword) {
        boolean table = engine == EngineKind.POSTGRESQL && keyword.equals("table");
        if (!keyword.equals("(") && !READING_KEYWORDS.contains(keyword) && !table) {
            throw SandboxException.denied("read-only-statement", "only SELECT, WITH ... SELECT, VALUES"
                    + (engine == EngineKind.POSTGRESQL ? ", TABLE" : "") + " and plain EXPLAIN of those may run, not "
                    + (keyword.isEmpty() ? "this statement" : keyword.toUpperCase(Locale.ROOT))
                    + "; rewrite it as a query that only reads");
        }
    }

    private Select checkReading(TenantDatabase database, List<SqlLexer.Token> body, long deadlineNanos) {
        SqlLexer.Token first = body.get(0);
        requireReading(first.kind() == SqlLexer.Kind.WORD ? first.text().toLowerCase(Locale.ROOT)
                : first.text().equals("(") ? "(" : "");
        TokenView tokens = new TokenView(body);
        int nesting = complexity.check(tokens);
        List<CallSites.Call> calls = CallSites.find(tokens);
        calls.forEach(call -> judge(call.name(), call.qualified()));
        systemNames.check(tokens);
        builtValues.check(tokens, calls);
        Statement statement = parse(tokens, deadlineNanos,
                callingThreadParse.onCallingThread(tokens.size(), nesting));
        if (!(statement instanceof Select select)) {
            throw SandboxException.denied("read-only-statement", "only SELECT, WITH ... SELECT, VALUES and plain"
                    + " EXPLAIN of those may run; rewrite it as a query that only reads");
        }
        TreeWalk walk;
        try {
            walk = TreeWalk.of(select, maxTreeNodes);
        } catch (StackOverflowError e) {
            throw PolicyParser.tooDeep();
        }
        crossCheck(walk, CallSites.names(calls));
        tableRules.check(database, walk);
        return select;
    }

    private void judge(String function, boolean qualified) {
        if (qualified) {
            throw SandboxException.denied("denied-function", "function " + function + " is called with a schema;"
                    + " call functions of the " + engine.dialect() + " allow-list unqualified");
        }
        if (!allowed.allows(function)) {
            throw SandboxException.denied("denied-function", "function " + function + " is not on the "
                    + engine.dialect() + " allow-list (" + FunctionAllowList.resource(engine)
                    + "); write the query without it");
        }
        if (denied.test(function)) {
            throw SandboxException.denied("denied-function", "function " + function + " is denied on "
                    + engine.dialect() + " (overtone.executor.policy." + (engine == EngineKind.POSTGRESQL
                    ? "postgresql" : "sqlite") + ".denied-functions); write the query without it");
        }
    }

    /** Names matching one of these patterns (a trailing * matches a prefix). */
    private static Predicate<String> matching(List<String> patterns) {
        return name -> patterns.stream().anyMatch(p -> p.endsWith("*") ? name.startsWith(p.substring(0, p.length() - 1))
                : name.equals(p));
    }

    /**
     * The tokens and the tree must agree about the calls: every call the parser found must be one the
     * tokens showed (and so judged), and every call the tokens showed must be one the parser found
     * (unless it has a syntax of its own): else one of them misread the statement, and it is refused.
     */
    private void crossCheck(TreeWalk walk, Set<String> tokenCalls) {
        Set<String> treeCalls = Set.copyOf(walk.functions);
        for (String function : tokenCalls) {
            if (!treeCalls.contains(function) && !CallSites.OWN_SYNTAX_CALLS.contains(function)) {
                throw SandboxException.denied("unsupported-construct", "the sandbox reads a call of " + function
                        + " that the parsed statement does not hold; write function calls as name(arguments)");
            }
        }
        for (String function : walk.functions) {
            if (!tokenCalls.contains(function) && !CallSites.PAREN_KEYWORDS.contains(function)) {
                throw SandboxException.denied("unsupported-construct", "the sandbox reads a call of " + function
                        + " where the text does not plainly show one; write function calls as name(arguments)");
            }
            if (!CallSites.PAREN_KEYWORDS.contains(function)) {
                judge(function, false);
            }
        }
    }

    /**
     * The text JSqlParser reads: the tokens (literals neutralised by the lexer), with PostgreSQL's
     * {@code TABLE name} written as the {@code SELECT * FROM name} it means.
     */
    /** The parse of the tokens; when it fails, once more with the names JSqlParser reserves quoted. */
    private Statement parse(TokenView tokens, long deadlineNanos, boolean onCallingThread) {
        try {
            return parser.parse(analysisText(tokens, false), engine, deadlineNanos, onCallingThread);
        } catch (SandboxException unparsable) {
            if (!PolicyParser.unparsable(unparsable)) {
                throw unparsable;
            }
            try {
                return parser.parse(analysisText(tokens, true), engine, deadlineNanos, onCallingThread);
            } catch (SandboxException stillUnparsable) {
                throw unparsable;
            }
        }
    }

    String analysisText(TokenView tokens, boolean quoteNames) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            SqlLexer.Token token = tokens.get(i);
            if (i > 0 && token.start() > tokens.get(i - 1).end()) {
                text.append(' ');
            }
            boolean tableCommand = engine == EngineKind.POSTGRESQL && tokens.is(i, "table")
                    && (i == 0 || BEFORE_QUERY.contains(tokens.get(i - 1).text().toLowerCase(Locale.ROOT)));
            boolean quoted = quoteNames && ParserReservedNames.quotable(tokens, i);
            text.append(tableCommand ? "SELECT * FROM " : quoted ? "\"" + token.text() + "\"" : token.text());
        }
        return text.toString();
    }

    /**
     * Tokens of a plain EXPLAIN prefix (PostgreSQL {@code EXPLAIN}, SQLite {@code EXPLAIN [QUERY PLAN]});
     * 0 when the statement does not start with EXPLAIN. EXPLAIN ANALYZE and option lists are refused:
     * ANALYZE runs the statement, and a plain plan is what a text-to-SQL user asks for.
     */
    private int explainPrefix(List<SqlLexer.Token> tokens) {
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

    static boolean hasTopLevelOrderBy(Select select) {
        if (select.getOrderByElements() != null && !select.getOrderByElements().isEmpty()) {
            return true;
        }
        return select instanceof ParenthesedSelect parenthesed && parenthesed.getSelect() != null
                && hasTopLevelOrderBy(parenthesed.getSelect());
    }
}

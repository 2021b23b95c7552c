package dev.overtone.executor.repository;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.SandboxException;
import java.sql.SQLException;
import java.util.Optional;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteLimits;

/**
 * The limits SQLite enforces on every tenant connection (sqlite3_limit), and the errors by which SQLite
 * says one of them refused a statement, turned into messages that name the setting to change.
 */
final class SqliteConnectionLimits {
    private static final String PREFIX = "overtone.executor.sqlite.";

    private final ExecutorConfig.Sqlite config;

    SqliteConnectionLimits(ExecutorConfig.Sqlite config) {
        this.config = config;
    }

    void apply(SQLiteConnection connection) throws SQLException {
        connection.setLimit(SQLiteLimits.SQLITE_LIMIT_ATTACHED, 0);
        connection.setLimit(SQLiteLimits.SQLITE_LIMIT_LENGTH, config.maxLength());
        connection.setLimit(SQLiteLimits.SQLITE_LIMIT_LIKE_PATTERN_LENGTH, config.likePatternLength());
        connection.setLimit(SQLiteLimits.SQLITE_LIMIT_EXPR_DEPTH, config.exprDepth());
        connection.setLimit(SQLiteLimits.SQLITE_LIMIT_COMPOUND_SELECT, config.compoundSelect());
        connection.setLimit(SQLiteLimits.SQLITE_LIMIT_FUNCTION_ARG, config.functionArgs());
        connection.setLimit(SQLiteLimits.SQLITE_LIMIT_SQL_LENGTH, config.sqlLength());
    }

    /**
     * The caller's error when SQLite's message (without its "[SQLITE_…]" prefix) says that one of these limits
     * refused the statement: RESOURCE_EXHAUSTED for what a running statement grew into (a value, a LIKE
     * pattern, which may come from the data), INVALID_ARGUMENT for the shape of the statement's text.
     */
    Optional<SandboxException> refusal(int primaryCode, String message) {
        String lower = message.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("statement too long")) {
            return Optional.of(SandboxException.invalid("the statement is longer than " + PREFIX + "sql-length ("
                    + config.sqlLength() + " bytes, with the executor's wrapper): " + message));
        }
        if (primaryCode == 18 || lower.contains(LinearStringFunctions.TOO_BIG)) { // SQLITE_TOOBIG
            return Optional.of(SandboxException.exhausted("a value grew past " + PREFIX + "max-length ("
                    + config.maxLength() + " bytes): " + message + "; build smaller values (the same statement fails again)"));
        }
        if (lower.contains("like or glob pattern too complex")) {
            return Optional.of(SandboxException.exhausted("a LIKE or GLOB pattern is longer than " + PREFIX
                    + "like-pattern-length (" + config.likePatternLength() + " bytes): " + message
                    + "; use a shorter pattern (the same statement fails again)"));
        }
        if (lower.contains("expression tree is too large")) {
            return Optional.of(SandboxException.invalid("an expression is nested deeper than " + PREFIX
                    + "expr-depth (" + config.exprDepth() + "): " + message));
        }
        if (lower.contains("too many terms in compound select")) {
            return Optional.of(SandboxException.invalid("a compound SELECT has more terms than " + PREFIX
                    + "compound-select (" + config.compoundSelect() + "): " + message));
        }
        if (lower.contains("too many arguments on function")) {
            return Optional.of(SandboxException.invalid("a function call has more arguments than " + PREFIX
                    + "function-args (" + config.functionArgs() + "): " + message));
        }
        return Optional.empty();
    }
}

package dev.overtone.executor.repository;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.sqlite.ProgressHandler;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteOpenMode;

/**
 * The SQLite connections of every tenant file: each opened read-only ({@code mode=ro}) with {@code query_only},
 * no extension loading, SQLite's limits ({@link SqliteConnectionLimits}), the linear-time string functions
 * ({@link LinearStringFunctions}) and a progress handler that interrupts the statement once its deadline
 * ({@link StatementDeadline}, set by the thread that steps it) has passed; kept idle for the next statement
 * ({@link IdleConnections}), each with the capped statements it keeps prepared ({@link KeptStatements}).
 */
final class SqliteConnections {
    private final ExecutorConfig.Sqlite config;
    private final int maxRememberedLength;
    private final SqliteConnectionLimits limits;
    private final IdleConnections idle;
    private final Map<Connection, KeptStatements> kept = new ConcurrentHashMap<>();

    SqliteConnections(ExecutorConfig config) {
        this.config = config.sqlite();
        this.maxRememberedLength = config.maxRememberedLength();
        this.limits = new SqliteConnectionLimits(config.sqlite());
        // a tenant runs at most bulkhead.max-concurrent statements at once, so one file never needs more idle
        this.idle = new IdleConnections(config.bulkhead().maxConcurrent(), config.sqlite().maxIdleConnections());
    }

    SqliteConnectionLimits limits() {
        return limits;
    }

    /** An idle connection to the file, or a new one. */
    Connection borrow(TenantDatabase database, Path path) {
        Connection pooled = idle.take(path);
        return pooled != null ? pooled : open(database, path);
    }

    /** Keeps the connection for the next statement, or closes it (with the statements it kept). */
    void giveBack(Path path, Connection connection, boolean reusable) {
        if (reusable) {
            idle.put(path, connection);
        } else {
            kept.remove(connection);
            IdleConnections.close(connection);
        }
    }

    /** The statements this connection keeps prepared. */
    KeptStatements keptOn(Connection connection) {
        KeptStatements statements = kept.get(connection);
        if (statements == null) {
            if (kept.size() > 2 * config.maxIdleConnections() + 16) {
                // connections the idle pool closed on its own (least recently used): their statements went with them
                kept.values().removeIf(KeptStatements::closed);
            }
            statements = new KeptStatements(connection, config.preparedPerConnection(), maxRememberedLength);
            kept.put(connection, statements);
        }
        return statements;
    }

    int idleConnections() {
        return idle.size();
    }

    /** Statements kept prepared now, on every open connection (for tests). */
    int keptStatements() {
        return kept.values().stream().filter(k -> !k.closed()).mapToInt(KeptStatements::size).sum();
    }

    /** Closes the idle connections to {@code path}, with the statements they kept. */
    void closeIdle(Path path) {
        idle.closeFor(path);
        kept.values().removeIf(KeptStatements::closed);
    }

    void closeAll() {
        idle.closeAll();
        kept.clear();
    }

    private Connection open(TenantDatabase database, Path path) {
        if (!Files.isReadable(path)) {
            throw SandboxException.unavailable("the SQLite file of " + database.key() + " is missing or unreadable; check the tenant's"
                    + " path setting and retry once the file is there");
        }
        String location = path.toString();
        if (location.contains("?") || location.contains("#")) {
            throw SandboxException.unavailable("the SQLite path of " + database.key() + " contains '?' or '#'; rename the"
                    + " file (a retry fails the same way until then)");
        }
        SQLiteConfig sqlite = new SQLiteConfig();
        sqlite.setReadOnly(true);
        sqlite.setOpenMode(SQLiteOpenMode.OPEN_URI);
        sqlite.enableLoadExtension(false);
        Connection connection = null;
        try {
            connection = sqlite.createConnection("jdbc:sqlite:file:" + location + "?mode=ro");
            try (Statement st = connection.createStatement()) {
                st.execute("PRAGMA query_only = ON");
                st.execute("PRAGMA trusted_schema = OFF");
            }
            limits.apply(connection.unwrap(SQLiteConnection.class));
            LinearStringFunctions.register(connection, config.maxLength());
            // interrupts the statement stepping on this connection once its deadline (StatementDeadline, set by
            // the thread that steps it) has passed; registered once, it costs a statement no JNI call of its own
            ProgressHandler.setHandler(connection, config.progressSteps(), new ProgressHandler() {
                @Override
                protected int progress() {
                    return StatementDeadline.passed() ? 1 : 0;
                }
            });
            return connection;
        } catch (SQLException e) {
            if (connection != null) {
                IdleConnections.close(connection);
            }
            throw SandboxException.unavailable("cannot open the SQLite database of " + database.key() + " read-only: "
                    + e.getMessage() + "; retry later");
        }
    }
}

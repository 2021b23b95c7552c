package dev.overtone.executor.repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.sqlite.Function;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteLimits;

/** An in-memory SQLite with one of the executor's linear functions registered under a name, and calls of it. */
final class OneSqliteFunction implements AutoCloseable {
    private final Connection connection;

    OneSqliteFunction(String name, int arguments, Function function, int maxLength) throws SQLException {
        connection = new SQLiteConfig().createConnection("jdbc:sqlite::memory:");
        connection.unwrap(SQLiteConnection.class).setLimit(SQLiteLimits.SQLITE_LIMIT_LENGTH, maxLength);
        Function.create(connection, name, function, arguments, Function.FLAG_DETERMINISTIC);
    }

    /** The value of {@code expression} (which holds {@code ?} for each argument), as JDBC reads it. */
    Object value(String expression, Object... arguments) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT " + expression)) {
            for (int i = 0; i < arguments.length; i++) {
                statement.setObject(i + 1, arguments[i]);
            }
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                return row.getObject(1);
            }
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}

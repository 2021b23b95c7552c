package dev.overtone.executor.support;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.sqlite.SQLiteConfig;

/**
 * A real in-memory SQLite database for each test, built by the given statements and closed after it:
 * {@code @RegisterExtension final InMemorySqlite db = new InMemorySqlite("CREATE TABLE ...", "INSERT ...")}. It is open
 * before the test class's own {@code @BeforeEach} methods run.
 */
public final class InMemorySqlite implements BeforeEachCallback, AfterEachCallback {
    private final List<String> statements;
    private Connection connection;

    public InMemorySqlite(String... statements) {
        this.statements = List.of(statements);
    }

    public Connection connection() {
        if (connection == null) {
            throw new IllegalStateException("the database is open only while a test runs");
        }
        return connection;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws SQLException {
        // the driver itself, not DriverManager: under Quarkus tests the registered drivers depend on the class loader
        connection = new SQLiteConfig().createConnection("jdbc:sqlite::memory:");
        try (Statement st = connection.createStatement()) {
            for (String statement : statements) {
                st.execute(statement);
            }
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws SQLException {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }
}

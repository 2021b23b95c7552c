package dev.overtone.bench.dataset;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * A SQLite database the bench registered as tenant {@code bench}.
 *
 * @param name    the database name in the tenant ({@code [a-z0-9][a-z0-9_-]*})
 * @param path    the absolute SQLite file
 * @param repairs what had to be repaired while loading its dump (empty for files)
 */
public record BenchDatabase(String name, Path path, List<String> repairs) {

    /** A read-only connection for executing gold and predicted SQL (query_only, no writes). */
    public Connection openReadOnly() throws SQLException {
        SQLiteConfig cfg = new SQLiteConfig();
        cfg.setReadOnly(true);
        cfg.setOpenMode(SQLiteOpenMode.READONLY);
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + path, cfg.toProperties());
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA query_only = ON");
        }
        return c;
    }
}

package dev.overtone.executor.health;

import dev.overtone.executor.service.TenantDatabase;
import org.sqlite.SQLiteConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The warm-up's own SQLite database: a scratch file with a small hotel schema, written by the executor in a directory
 * of its own and registered as tenant {@link #TENANT}. No tenant's database is ever opened for writing; the file
 * holds nothing but these made-up rows, and is deleted when the warm-up ends ({@link #delete}), else when the JVM exits.
 */
final class WarmUpDatabase {

    static final String TENANT = "overtone-warm-up";
    static final String NAME = "scratch";

    private static final String[] SCHEMA = {
        "CREATE TABLE hotels (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, stars INTEGER, price REAL)",
        "CREATE TABLE rooms (id INTEGER PRIMARY KEY, hotel_id INTEGER REFERENCES hotels(id), kind TEXT, rate REAL)",
        "CREATE TABLE bookings (id INTEGER PRIMARY KEY, room_id INTEGER REFERENCES rooms(id), guest TEXT, nights INTEGER,"
                + " booked_on TEXT)",
    };

    private WarmUpDatabase() {
    }

    /** Writes the scratch database under {@code dir}; fails with the reason when it cannot. */
    static TenantDatabase create(Path dir) {
        try {
            Path own = Files.createTempDirectory(dir, "executor-warm-up-");
            Path file = own.resolve("scratch.sqlite");
            own.toFile().deleteOnExit();
            file.toFile().deleteOnExit();
            try (Connection c = new SQLiteConfig().createConnection("jdbc:sqlite:" + file);
                    Statement s = c.createStatement()) {
                for (String ddl : SCHEMA) {
                    s.execute(ddl);
                }
                fill(s);
            }
            return TenantDatabase.sqlite(TENANT, NAME, file);
        } catch (IOException | SQLException | RuntimeException e) {
            throw new IllegalStateException("its scratch database cannot be written under " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Deletes the scratch file and its directory; what cannot be deleted now goes when the JVM exits. */
    static void delete(TenantDatabase scratch) {
        Path file = scratch.sqlitePath().orElseThrow();
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.getParent());
        } catch (IOException e) {
            // left to deleteOnExit
        }
    }

    private static void fill(Statement s) throws SQLException {
        String[] cities = {"Lisbon", "Porto", "Faro"};
        String[] kinds = {"single", "double", "suite"};
        for (int h = 1; h <= 12; h++) {
            s.execute("INSERT INTO hotels VALUES (" + h + ", 'Hotel " + h + "', '" + cities[h % 3] + "', " + (h % 5 + 1)
                    + ", " + (40 + 13 * h) + ".5)");
            for (int r = 1; r <= 3; r++) {
                int room = h * 10 + r;
                s.execute("INSERT INTO rooms VALUES (" + room + ", " + h + ", '" + kinds[r - 1] + "', " + (30 * r + h) + ")");
                s.execute("INSERT INTO bookings VALUES (" + room + ", " + room + ", 'guest " + (room % 7) + "', "
                        + (room % 4 + 1) + ", '2026-0" + r + "-1" + (h % 9) + "')");
            }
        }
    }
}

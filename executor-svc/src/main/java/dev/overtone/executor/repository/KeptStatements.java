package dev.overtone.executor.repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The capped statements kept prepared on one SQLite connection, the least recently used closed first, each with
 * the schema version it was prepared under. A kept statement is used only while the file's schema version is the
 * one it was prepared under (read on the same connection while the statement runs), so a schema change is always
 * seen: the statement's columns, and the wrapper built from them, are never guessed.
 */
final class KeptStatements {
    /** A capped statement prepared on this connection. */
    record Kept(CappedProjection capped, PreparedStatement statement, int schemaVersion) {
    }

    private final Connection connection;
    private final boolean keeps;
    private final int maxRememberedLength;
    private final Map<String, Kept> kept;
    private PreparedStatement version;

    /**
     * @param size statements kept at most; 0 keeps none
     * @param maxRememberedLength the longest text kept
     */
    KeptStatements(Connection connection, int size, int maxRememberedLength) {
        this.connection = connection;
        this.maxRememberedLength = maxRememberedLength;
        this.keeps = size > 0;
        this.kept = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Kept> eldest) {
                if (size() <= size) {
                    return false;
                }
                closeQuietly(eldest.getValue().statement());
                return true;
            }
        };
    }

    /** The kept statement for this text whose cut is still {@code cut}, or null. */
    Kept get(String sql, java.util.function.IntUnaryOperator cutForColumns) {
        Kept found = kept.get(sql);
        if (found != null && found.capped().cut() != cutForColumns.applyAsInt(found.capped().columns().size())) {
            forget(sql);
            return null;
        }
        return found;
    }

    /** Keeps the statement (prepared under {@code schemaVersion}); with a size of 0 it is closed at once. */
    void keep(String sql, CappedProjection capped, PreparedStatement statement, int schemaVersion) {
        Kept previous = kept.put(sql, new Kept(capped, statement, schemaVersion));
        if (previous != null) {
            closeQuietly(previous.statement());
        }
    }

    void forget(String sql) {
        Kept removed = kept.remove(sql);
        if (removed != null) {
            closeQuietly(removed.statement());
        }
    }

    /** SQLite's schema cookie of the file: it changes with every change of the schema. */
    int schemaVersion() throws SQLException {
        if (version == null) {
            version = connection.prepareStatement("PRAGMA schema_version");
        }
        try (ResultSet rows = version.executeQuery()) {
            return rows.next() ? rows.getInt(1) : -1;
        }
    }

    /** Whether this text's statement would be kept: statements are kept at all, and the text is not too long. */
    boolean keeps(String sql) {
        return keeps && sql.length() <= maxRememberedLength;
    }

    int size() {
        return kept.size();
    }

    boolean closed() {
        try {
            return connection.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    static void closeQuietly(Statement statement) {
        try {
            statement.close();
        } catch (SQLException e) {
            // closed with its connection
        }
    }
}

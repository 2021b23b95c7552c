package dev.overtone.executor.repository;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The open SQLite connections no statement uses now, kept to be used again: at most {@code perFile} for one
 * database file and {@code total} for all of them, the least recently returned closed first. Each connection
 * holds SQLite's page cache and lookaside memory; without the total, a service that has served many tenant
 * databases would keep connections to every one of them.
 */
final class IdleConnections {
    private final int perFile;
    private final int total;
    private final Map<Path, ArrayDeque<Connection>> byFile = new HashMap<>();
    /** Every idle connection, the least recently returned first. */
    private final LinkedHashMap<Connection, Path> byAge = new LinkedHashMap<>();
    /**
     * Files no statement will read again ({@link #closeFor}): a connection a statement still held on one when it was
     * closed (a warm-up round cut off by its budget) is closed when it comes back, not kept. One entry per such file.
     */
    private final Set<Path> retired = new HashSet<>();

    IdleConnections(int perFile, int total) {
        this.perFile = perFile;
        this.total = total;
    }

    /** The most recently returned idle connection to {@code path}, or null. */
    synchronized Connection take(Path path) {
        ArrayDeque<Connection> kept = byFile.get(path);
        Connection c = kept == null ? null : kept.pollLast();
        if (c != null) {
            byAge.remove(c);
            if (kept.isEmpty()) byFile.remove(path);
        }
        return c;
    }

    /** Keeps the connection for the next statement on {@code path}, or closes it (or the oldest one kept) when there are enough. */
    void put(Path path, Connection connection) {
        Connection evicted;
        synchronized (this) {
            ArrayDeque<Connection> kept = byFile.computeIfAbsent(path, p -> new ArrayDeque<>());
            if (kept.size() >= perFile || total <= 0 || retired.contains(path)) {
                evicted = connection;
            } else {
                kept.addLast(connection);
                byAge.put(connection, path);
                evicted = byAge.size() > total ? removeOldest() : null;
            }
            if (kept.isEmpty()) byFile.remove(path);
        }
        if (evicted != null) close(evicted);
    }

    synchronized int size() {
        return byAge.size();
    }

    /**
     * Closes the idle connections to {@code path}, and each one still in use when it is given back: for a file no
     * statement will read again.
     */
    void closeFor(Path path) {
        List<Connection> closing;
        synchronized (this) {
            retired.add(path);
            ArrayDeque<Connection> kept = byFile.remove(path);
            closing = kept == null ? List.of() : new ArrayList<>(kept);
            closing.forEach(byAge::remove);
        }
        closing.forEach(IdleConnections::close);
    }

    /** Closes every idle connection. */
    void closeAll() {
        List<Connection> all;
        synchronized (this) {
            all = new ArrayList<>(byAge.keySet());
            byAge.clear();
            byFile.clear();
        }
        all.forEach(IdleConnections::close);
    }

    private Connection removeOldest() {
        Map.Entry<Connection, Path> oldest = byAge.entrySet().iterator().next();
        byAge.remove(oldest.getKey());
        ArrayDeque<Connection> kept = byFile.get(oldest.getValue());
        kept.remove(oldest.getKey());
        if (kept.isEmpty()) byFile.remove(oldest.getValue());
        return oldest.getKey();
    }

    static void close(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // nothing left to release
        }
    }
}

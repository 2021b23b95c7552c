package dev.overtone.executor.repository;

import dev.overtone.executor.service.TenantDatabase;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The result columns (names and engine types) of the statements an engine has run, per (database, text), so
 * that a repeated statement's cell-cutting wrapper is built without asking the engine first. A remembered shape
 * is only a guess: each engine checks it against the statement as it runs (see the engines), so a tenant's
 * schema change can cost a call its saving, never its caps. Bounded as the policy's decision cache is.
 */
final class ColumnShapes {
    /** The columns of one statement's result, in order. */
    record Shape(List<String> names, List<String> types) {
        Shape {
            names = List.copyOf(names);
            types = List.copyOf(types);
        }
    }

    private record Key(String database, String sql) {
    }

    /**
     * A call that ran on a remembered shape the engine no longer matches (the tenant's schema changed): its
     * transaction is lost, and the engine runs the statement again on the new shape.
     */
    static final class Stale extends RuntimeException {
        Stale(Throwable cause) {
            super("the statement's result columns changed since it last ran", cause, false, false);
        }
    }

    private final Map<Key, Shape> shapes = new ConcurrentHashMap<>();
    private final int size;
    private final int maxRememberedLength;

    /**
     * @param size shapes remembered at most; 0 remembers none
     * @param maxRememberedLength the longest text whose shape is remembered
     */
    ColumnShapes(int size, int maxRememberedLength) {
        this.size = size;
        this.maxRememberedLength = maxRememberedLength;
    }

    /** The shape last seen for this text on this database, or null. */
    Shape get(TenantDatabase database, String sql) {
        return size <= 0 ? null : shapes.get(new Key(database.key(), sql));
    }

    void put(TenantDatabase database, String sql, Shape shape) {
        if (size <= 0 || sql.length() > maxRememberedLength) {
            return;
        }
        if (shapes.size() >= size) {
            shapes.clear(); // crude but bounded; a hot set refills at once
        }
        shapes.put(new Key(database.key(), sql), shape);
    }

    int size() {
        return shapes.size();
    }
}

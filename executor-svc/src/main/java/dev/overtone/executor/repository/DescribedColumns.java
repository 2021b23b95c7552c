package dev.overtone.executor.repository;

import io.vertx.core.Future;
import io.vertx.sqlclient.PreparedStatement;
import io.vertx.sqlclient.desc.ColumnDescriptor;
import io.vertx.sqlclient.impl.RowDesc;
import java.lang.reflect.Field;
import java.util.List;

/**
 * The result columns PostgreSQL described when the reactive client prepared a statement. The client
 * (vertx-sql-client 4.5) holds them in its prepared statement but publishes them only with a result, so the
 * executor used to run the statement with {@code LIMIT 0} to learn them: a plan and a second round trip
 * for every statement. Read here from the client's own field; should a client version not have it, {@link
 * #READABLE} is false and the engine runs the LIMIT 0 probe as before (PostgresEngineColumnsTest checks this
 * version reads them).
 */
final class DescribedColumns {
    private static final Field STATEMENT = statementField();
    static final boolean READABLE = STATEMENT != null;

    private DescribedColumns() {
    }

    /** The described columns (empty for a statement without a result), or null when they cannot be read. */
    static List<ColumnDescriptor> of(PreparedStatement prepared) {
        if (STATEMENT == null || !STATEMENT.getDeclaringClass().isInstance(prepared)) {
            return null;
        }
        try {
            Future<?> statement = (Future<?>) STATEMENT.get(prepared);
            if (statement == null || !statement.succeeded()
                    || !(statement.result() instanceof io.vertx.sqlclient.impl.PreparedStatement described)) {
                return null;
            }
            RowDesc columns = described.rowDesc();
            return columns == null ? List.of() : columns.columnDescriptor();
        } catch (IllegalAccessException | RuntimeException e) {
            return null;
        }
    }

    private static Field statementField() {
        try {
            Field field = Class.forName("io.vertx.sqlclient.impl.PreparedStatementImpl").getDeclaredField("future");
            field.setAccessible(true);
            return Future.class.isAssignableFrom(field.getType()) ? field : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}

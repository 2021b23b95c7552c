package dev.overtone.executor.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Future;
import io.vertx.mutiny.sqlclient.PreparedStatement;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.desc.ColumnDescriptor;
import java.util.ArrayList;
import java.util.List;

/** A PostgreSQL statement's result columns (names and type names), as the server describes them. */
final class PostgresColumns {
    private PostgresColumns() {
    }

    /**
     * The statement's result columns as the server describes them when it prepares the statement (Parse and
     * Describe: one round trip, pipelined behind what went before; the statement is neither planned nor run).
     * The reactive client keeps that description but does not publish it ({@link DescribedColumns}); where it
     * cannot be read, the statement is run with LIMIT 0 instead (planned, two round trips).
     */
    static Uni<ColumnShapes.Shape> of(SqlConnection connection, String sql) {
        if (DescribedColumns.READABLE) {
            return connection.prepare(sql).map(prepared -> {
                PreparedOnConnections.closeLater(prepared); // pipelined; nobody waits for it
                return described(prepared);
            });
        }
        return connection.preparedQuery("SELECT * FROM (\n" + sql + "\n) AS " + CappedProjection.ALIAS + " LIMIT 0")
                .execute().map(probe -> shapeOf(probe.columnDescriptors()));
    }

    /** The same description on a plain Vert.x connection (only where {@link DescribedColumns#READABLE}). */
    static Future<ColumnShapes.Shape> described(io.vertx.sqlclient.SqlConnection connection, String sql) {
        return connection.prepare(sql).map(prepared -> {
            PreparedOnConnections.closeLater(prepared); // pipelined; nobody waits for it
            return described(prepared);
        });
    }

    static ColumnShapes.Shape described(PreparedStatement prepared) {
        return described(prepared.getDelegate());
    }

    private static ColumnShapes.Shape described(io.vertx.sqlclient.PreparedStatement prepared) {
        List<io.vertx.sqlclient.desc.ColumnDescriptor> described = DescribedColumns.of(prepared);
        if (described == null) {
            throw new IllegalStateException("the prepared statement's description is not readable");
        }
        return shapeOf(described.stream().map(ColumnDescriptor::newInstance).toList());
    }

    private static ColumnShapes.Shape shapeOf(List<ColumnDescriptor> described) {
        List<String> names = new ArrayList<>(described.size());
        List<String> types = new ArrayList<>(described.size());
        for (ColumnDescriptor descriptor : described) {
            names.add(descriptor.name());
            types.add(descriptor.typeName());
        }
        return new ColumnShapes.Shape(names, types);
    }
}

package dev.overtone.executor.repository;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Table;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A PostgreSQL tenant schema's tables, columns, keys, row counts and sample values, for Describe. */
final class PostgresIntrospection {
    private PostgresIntrospection() {
    }

    private static final String TABLES = "SELECT c.relname, c.relkind, c.reltuples::bigint FROM pg_class c"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1"
            + " AND c.relkind IN ('r', 'v', 'm', 'p', 'f') AND has_table_privilege(c.oid, 'SELECT')"
            + " ORDER BY c.relname";
    private static final String COLUMNS = "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod),"
            + " a.attnotnull FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1"
            + " AND c.relkind IN ('r', 'v', 'm', 'p', 'f') AND a.attnum > 0 AND NOT a.attisdropped"
            + " ORDER BY c.relname, a.attnum";
    private static final String KEYS = "SELECT con.contype, c.relname, con.conname, a.attname, rc.relname, ra.attname"
            + " FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)"
            + " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum"
            + " LEFT JOIN pg_class rc ON rc.oid = con.confrelid"
            + " LEFT JOIN pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = con.confkey[k.ord]"
            + " WHERE n.nspname = $1 AND con.contype IN ('p', 'f') ORDER BY c.relname, con.conname, k.ord";

    /**
     * The catalog queries, then a count or sample query per table and column, in sequence. Each runs
     * under the transaction's statement_timeout; the sequence stops at the deadline, so the whole
     * introspection holds its connection no longer than its time limit (plus the statement running then).
     */
    static Uni<List<Table>> introspect(SqlConnection connection, String schema, int samples, int scanRows,
            ExecutionLimits limits) {
        Map<String, Table.Builder> tables = new LinkedHashMap<>();
        Map<String, List<Column.Builder>> columns = new LinkedHashMap<>();
        Map<String, Long> estimates = new LinkedHashMap<>();
        return connection.preparedQuery(TABLES).execute(Tuple.of(schema)).invoke(rows -> {
            for (Row row : rows) {
                String name = row.getString(0);
                tables.put(name, Table.newBuilder().setName(name).setSchemaName(schema)
                        .setView(!"r".equals(row.getString(1)) && !"p".equals(row.getString(1))));
                estimates.put(name, row.getLong(2));
                columns.put(name, new ArrayList<>());
            }
        }).chain(() -> connection.preparedQuery(COLUMNS).execute(Tuple.of(schema))).invoke(rows -> {
            for (Row row : rows) {
                List<Column.Builder> list = columns.get(row.getString(0));
                if (list != null) {
                    String declared = row.getString(2);
                    list.add(Column.newBuilder().setName(row.getString(1)).setDeclaredType(declared)
                            .setValueType(ValueTypes.fromDeclared(declared)).setNullable(!row.getBoolean(3)));
                }
            }
        }).chain(() -> connection.preparedQuery(KEYS).execute(Tuple.of(schema))).invoke(rows -> {
            Map<String, ForeignKey.Builder> foreign = new LinkedHashMap<>();
            for (Row row : rows) {
                Table.Builder table = tables.get(row.getString(1));
                if (table == null) {
                    continue;
                }
                String column = row.getString(3);
                if ("p".equals(row.getString(0))) {
                    table.addPrimaryKey(column);
                    columns.get(row.getString(1)).stream().filter(c -> c.getName().equals(column))
                            .forEach(c -> c.setPrimaryKey(true).setNullable(false));
                } else {
                    foreign.computeIfAbsent(row.getString(1) + "\u0000" + row.getString(2),
                            k -> ForeignKey.newBuilder().setReferencedTable(row.getString(4)))
                            .addColumns(column).addReferencedColumns(row.getString(5));
                }
            }
            foreign.forEach((k, fk) -> tables.get(k.substring(0, k.indexOf('\u0000'))).addForeignKeys(fk));
        }).chain(() -> {
            Uni<Void> chain = Uni.createFrom().voidItem();
            for (Map.Entry<String, Table.Builder> entry : tables.entrySet()) {
                String table = PostgresSessions.quote(schema) + "." + PostgresSessions.quote(entry.getKey());
                long estimate = estimates.get(entry.getKey());
                if (estimate >= 0 && !entry.getValue().getView()) {
                    entry.getValue().setRowCount(estimate).setRowCountEstimated(true);
                } else {
                    chain = chain.chain(() -> beforeDeadline(limits, connection, "SELECT count(*) FROM " + table)
                            .invoke(rows -> entry.getValue().setRowCount(rows.iterator().next().getLong(0))
                                    .setRowCountEstimated(false))).replaceWithVoid();
                }
                for (Column.Builder column : columns.get(entry.getKey())) {
                    if (samples <= 0) {
                        continue;
                    }
                    String c = PostgresSessions.quote(column.getName());
                    String sql = "SELECT v FROM (SELECT " + c + "::text AS v FROM " + table + " WHERE " + c
                            + " IS NOT NULL LIMIT " + scanRows + ") s GROUP BY v ORDER BY count(*) DESC, v LIMIT "
                            + samples;
                    chain = chain.chain(() -> beforeDeadline(limits, connection, sql).invoke(rows -> {
                        for (Row row : rows) {
                            column.addSampleValues(row.getString(0));
                        }
                    })).replaceWithVoid();
                }
            }
            return chain;
        }).map(done -> {
            List<Table> built = new ArrayList<>();
            tables.forEach((name, table) -> {
                columns.get(name).forEach(c -> table.addColumns(c.build()));
                built.add(table.build());
            });
            return built;
        });
    }

    private static Uni<RowSet<Row>> beforeDeadline(ExecutionLimits limits, SqlConnection connection, String sql) {
        if (limits.expired()) {
            return Uni.createFrom().failure(SandboxException.deadline("introspection ran past its time limit of "
                    + limits.timeoutMillis() + " ms"));
        }
        return connection.query(sql).execute();
    }
}

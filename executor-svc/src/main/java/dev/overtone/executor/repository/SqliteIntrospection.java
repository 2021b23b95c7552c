package dev.overtone.executor.repository;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Table;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A SQLite file's tables and views, columns, keys, row counts and sample values, for Describe. */
final class SqliteIntrospection {
    private SqliteIntrospection() {
    }

    static List<Table> tables(Connection connection, int samples, int scanRows) throws SQLException {
        Map<String, Boolean> names = new LinkedHashMap<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view')"
                        + " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")) {
            while (rs.next()) {
                names.put(rs.getString(1), "view".equals(rs.getString(2)));
            }
        }
        List<Table> tables = new ArrayList<>();
        for (Map.Entry<String, Boolean> entry : names.entrySet()) {
            tables.add(table(connection, entry.getKey(), entry.getValue(), samples, scanRows));
        }
        return tables;
    }

    private static Table table(Connection connection, String name, boolean view, int samples, int scanRows)
            throws SQLException {
        String quoted = SqliteEngine.quote(name);
        Table.Builder table = Table.newBuilder().setName(name).setSchemaName("main").setView(view);
        Map<Integer, String> keyOrder = new java.util.TreeMap<>();
        List<Column.Builder> columns = new ArrayList<>();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("PRAGMA table_info(" + quoted + ")")) {
            while (rs.next()) {
                int pk = rs.getInt("pk");
                String declared = rs.getString("type");
                columns.add(Column.newBuilder().setName(rs.getString("name"))
                        .setDeclaredType(declared == null ? "" : declared)
                        .setValueType(ValueTypes.fromDeclared(declared))
                        .setNullable(rs.getInt("notnull") == 0 && pk == 0)
                        .setPrimaryKey(pk > 0));
                if (pk > 0) {
                    keyOrder.put(pk, rs.getString("name"));
                }
            }
        }
        table.addAllPrimaryKey(keyOrder.values());
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("PRAGMA foreign_key_list(" + quoted + ")")) {
            Map<Integer, ForeignKey.Builder> keys = new java.util.TreeMap<>();
            while (rs.next()) {
                ForeignKey.Builder key = keys.computeIfAbsent(rs.getInt("id"),
                        id -> ForeignKey.newBuilder());
                key.setReferencedTable(stringOf(rs, "table")).addColumns(stringOf(rs, "from"));
                String to = rs.getString("to");
                if (to != null) {
                    key.addReferencedColumns(to);
                }
            }
            keys.values().forEach(k -> table.addForeignKeys(k.build()));
        }
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM " + quoted)) {
            rs.next();
            table.setRowCount(rs.getLong(1)).setRowCountEstimated(false);
        }
        for (Column.Builder column : columns) {
            if (samples > 0) {
                String c = SqliteEngine.quote(column.getName());
                String sql = "SELECT v FROM (SELECT " + c + " AS v FROM " + quoted + " WHERE " + c
                        + " IS NOT NULL LIMIT " + scanRows + ") GROUP BY v ORDER BY count(*) DESC, v LIMIT " + samples;
                try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                    while (rs.next()) {
                        column.addSampleValues(Cells.text(rs.getObject(1)));
                    }
                }
            }
            table.addColumns(column.build());
        }
        return table.build();
    }

    private static String stringOf(ResultSet rs, String column) throws SQLException {
        String value = rs.getString(column);
        return value == null ? "" : value;
    }
}

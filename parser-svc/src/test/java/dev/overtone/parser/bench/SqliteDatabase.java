package dev.overtone.parser.bench;

import dev.overtone.parser.analysis.SqlLexer;
import dev.overtone.parser.analysis.SqlToken;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A SQLite database for the coverage harness: built from a dump (with repairs) or opened from a file. */
final class SqliteDatabase implements AutoCloseable {

    final Connection connection;

    private SqliteDatabase(Connection connection) {
        this.connection = connection;
    }

    static SqliteDatabase open(String path) throws SQLException {
        return new SqliteDatabase(DriverManager.getConnection("jdbc:sqlite:file:" + path + "?mode=ro"));
    }

    /** Loads a dump; a table whose INSERTs name columns its CREATE lost gets them added (or is created from them). */
    static SqliteDatabase fromDump(String dump) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite::memory:");
        try (Statement st = c.createStatement()) {
            for (String sql : statements(dump)) {
                try {
                    st.execute(sql);
                } catch (SQLException e) {
                    if (!repair(c, sql)) continue;
                    try {
                        st.execute(sql);
                    } catch (SQLException ignored) {
                        // a statement the dump cannot give us; the example is scored without it
                    }
                }
            }
        }
        return new SqliteDatabase(c);
    }

    static List<String> statements(String dump) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (SqlToken t : SqlLexer.tokenizeSqlite(dump)) {
            if (t.text().equals(";")) {
                if (!cur.toString().isBlank()) out.add(cur.toString().trim());
                cur.setLength(0);
            } else {
                cur.append(t.text());
            }
        }
        if (!cur.toString().isBlank()) out.add(cur.toString().trim());
        return out;
    }

    private static boolean repair(Connection c, String sql) throws SQLException {
        List<SqlToken> toks = SqlLexer.tokenizeSqlite(sql).stream().filter(SqlToken::significant).toList();
        if (toks.size() < 4) return false;
        if (toks.get(0).is("CREATE") && toks.get(1).is("TABLE")) {
            String fixed = sql.replaceAll(",\\s*\\)\\s*$", ")");
            if (!fixed.equals(sql)) {
                try (Statement st = c.createStatement()) {
                    st.execute(fixed);
                    return false;
                } catch (SQLException ignored) {
                    return false;
                }
            }
            return false;
        }
        if (!toks.get(0).is("INSERT") || !toks.get(1).is("INTO")) return false;
        String table = toks.get(2).unquoted();
        if (!toks.get(3).text().equals("(")) return false;
        List<String> cols = new ArrayList<>();
        for (int i = 4; i < toks.size() && !toks.get(i).text().equals(")"); i++) if (!toks.get(i).text().equals(",")) cols.add(toks.get(i).unquoted());
        List<String> existing = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA table_info(\"" + table + "\")")) {
            while (rs.next()) existing.add(rs.getString("name").toLowerCase(Locale.ROOT));
        }
        try (Statement st = c.createStatement()) {
            if (existing.isEmpty()) {
                st.execute("CREATE TABLE \"" + table + "\" (" + String.join(", ", cols.stream().map(x -> "\"" + x + "\"").toList()) + ")");
                return true;
            }
            boolean changed = false;
            for (String col : cols) if (!existing.contains(col.toLowerCase(Locale.ROOT))) {
                st.execute("ALTER TABLE \"" + table + "\" ADD COLUMN \"" + col + "\"");
                changed = true;
            }
            return changed;
        }
    }

    /** The schema as executor-svc would describe it: columns, keys, foreign keys, up to 5 sample values. */
    Schema describe() throws SQLException {
        Schema.Builder schema = Schema.newBuilder().setDialect("sqlite");
        List<String> tables = new ArrayList<>();
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name")) {
            while (rs.next()) tables.add(rs.getString(1));
        }
        for (String t : tables) {
            Table.Builder tb = Table.newBuilder().setName(t).setSchemaName("main");
            Map<Integer, String> pk = new TreeMap<>();
            try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("PRAGMA table_info(\"" + t + "\")")) {
                while (rs.next()) {
                    String name = rs.getString("name");
                    String type = Optional.ofNullable(rs.getString("type")).orElse("");
                    int pkPos = rs.getInt("pk");
                    if (pkPos > 0) pk.put(pkPos, name);
                    tb.addColumns(Column.newBuilder().setName(name).setDeclaredType(type).setValueType(valueType(type))
                            .setNullable(rs.getInt("notnull") == 0).setPrimaryKey(pkPos > 0).addAllSampleValues(samples(t, name)));
                }
            }
            tb.addAllPrimaryKey(pk.values());
            Map<Integer, ForeignKey.Builder> fks = new LinkedHashMap<>();
            try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("PRAGMA foreign_key_list(\"" + t + "\")")) {
                while (rs.next()) {
                    ForeignKey.Builder fk = fks.computeIfAbsent(rs.getInt("id"), k -> ForeignKey.newBuilder());
                    fk.setReferencedTable(rs.getString("table")).addColumns(rs.getString("from"));
                    String to = rs.getString("to");
                    if (to != null) fk.addReferencedColumns(to);
                }
            }
            fks.values().forEach(f -> tb.addForeignKeys(f.build()));
            schema.addTables(tb);
        }
        return schema.build();
    }

    private List<String> samples(String table, String column) {
        List<String> out = new ArrayList<>();
        String sql = "SELECT \"" + column + "\", COUNT(*) FROM \"" + table + "\" WHERE \"" + column + "\" IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 5";
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) out.add(String.valueOf(rs.getString(1)));
        } catch (SQLException ignored) {
            // samples are optional
        }
        return out;
    }

    static ValueType valueType(String declared) {
        String d = declared.toUpperCase(Locale.ROOT);
        if (d.contains("INT")) return ValueType.VALUE_TYPE_INTEGER;
        if (d.contains("REAL") || d.contains("FLOA") || d.contains("DOUB") || d.contains("DEC") || d.contains("NUM")) return ValueType.VALUE_TYPE_REAL;
        if (d.contains("DATE") || d.contains("TIME")) return ValueType.VALUE_TYPE_DATE;
        if (d.contains("BOOL")) return ValueType.VALUE_TYPE_BOOLEAN;
        return ValueType.VALUE_TYPE_TEXT;
    }

    /** A result's identity as the scorer compares it (multiset of rows), or empty when it fails or returns nothing. */
    Optional<String> resultKey(String sql) {
        try (Statement st = connection.createStatement()) {
            st.setQueryTimeout(5);
            try (ResultSet rs = st.executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                List<String> rows = new ArrayList<>();
                while (rs.next() && rows.size() < 100_000) {
                    StringBuilder b = new StringBuilder();
                    for (int i = 1; i <= n; i++) b.append(rs.getString(i)).append('\u0001');
                    rows.add(b.toString());
                }
                if (rows.isEmpty()) return Optional.empty();
                rows.sort(null);
                return Optional.of(String.join("\n", rows));
            }
        } catch (SQLException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}

package dev.overtone.bench.sqlite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static dev.overtone.bench.sqlite.Identifiers.lower;
import static dev.overtone.bench.sqlite.Identifiers.quote;

/**
 * Loads a SQL dump into a SQLite database exactly as the reference scorer
 * ({@code ambrosia_eval.load_dump}) does, repairing the same quirks and writing the same notes:
 * CREATE TABLE statements that lost column lines the INSERTs still name, bodies reduced to a bare
 * table constraint or ending in a trailing comma, and INSERTs into a table with no CREATE TABLE.
 */
public final class DumpLoader {

    private static final Pattern TRAILING_COMMA = Pattern.compile(",\\s*\\)(\\s*;?\\s*)$",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL | Pattern.UNICODE_CHARACTER_CLASS);

    private DumpLoader() {
    }

    /** Loads {@code dump} into {@code conn} (an empty, writable database); returns the repair notes. */
    public static List<String> load(String dump, Connection conn) throws SQLException {
        DumpStatements dumped = DumpStatements.of(dump);
        List<String> notes = new ArrayList<>();
        boolean autoCommit = conn.getAutoCommit();
        conn.setAutoCommit(false);
        try (Statement s = conn.createStatement()) {
            Set<String> created = new LinkedHashSet<>();
            for (Map.Entry<String, DumpStatements.CreateTable> e : dumped.creates().entrySet()) {
                List<String> want = dumped.insertColumns().getOrDefault(lower(e.getKey()), List.of());
                createTable(conn, s, e.getKey(), e.getValue(), want, notes);
                created.add(lower(e.getKey()));
            }
            for (Map.Entry<String, List<String>> e : dumped.insertColumns().entrySet()) {
                String table = e.getKey();
                if (!created.contains(table)) {
                    String name = dumped.inserts().stream().filter(i -> lower(i.table()).equals(table)).findFirst()
                            .orElseThrow().table();
                    notes.add(name + ": no CREATE TABLE in dump; created from INSERT columns");
                    s.execute(RebuiltCreate.of(name, "", e.getValue()));
                    created.add(table);
                }
            }
            for (String st : dumped.others()) {
                try {
                    s.execute(st);
                } catch (SQLException ex) {
                    String flat = String.join(" ", st.strip().split("\\s+"));
                    notes.add("statement skipped (" + SqliteErrors.message(ex) + "): "
                            + (flat.length() > 80 ? flat.substring(0, 80) : flat));
                }
            }
            for (DumpStatements.Insert ins : dumped.inserts()) {
                try {
                    s.execute(ins.statement());
                } catch (SQLException ex) {
                    notes.add(ins.table() + ": INSERT failed (" + SqliteErrors.message(ex) + ")");
                }
            }
            conn.commit();
        } finally {
            conn.setAutoCommit(autoCommit);
        }
        return notes;
    }

    /** The CREATE TABLE as written (less a trailing comma), rebuilt where it fails or lacks a column the INSERTs name. */
    private static void createTable(Connection conn, Statement s, String table, DumpStatements.CreateTable create,
                                    List<String> want, List<String> notes) throws SQLException {
        String fixed = TRAILING_COMMA.matcher(create.statement()).replaceAll(")$1");
        boolean ok = false;
        try {
            s.execute(fixed);
            ok = true;
            if (!fixed.equals(create.statement())) {
                notes.add(table + ": removed trailing comma in CREATE TABLE");
            }
        } catch (SQLException ex) {
            notes.add(table + ": CREATE TABLE failed (" + SqliteErrors.message(ex) + "); rebuilt from INSERT columns");
        }
        if (ok) {
            Set<String> have = new LinkedHashSet<>();
            for (String c : tableColumns(conn, table)) {
                have.add(lower(c));
            }
            List<String> missing = want.stream().filter(c -> !have.contains(lower(c))).toList();
            if (!missing.isEmpty()) {
                notes.add(table + ": columns " + pythonList(missing) + " missing from CREATE TABLE; rebuilt");
                s.execute("DROP TABLE " + quote(table));
                ok = false;
            }
        }
        if (!ok) {
            try {
                s.execute(RebuiltCreate.of(table, create.body(), want));
            } catch (SQLException ex) {
                notes.add(table + ": rebuilt CREATE failed (" + SqliteErrors.message(ex) + "); using untyped columns");
                s.execute(RebuiltCreate.of(table, "", want));
            }
        }
    }

    /** Python's repr of a list of strings, as the reference's notes print it. */
    static String pythonList(List<String> items) {
        List<String> reprs = new ArrayList<>();
        for (String it : items) {
            if (it.contains("'") && !it.contains("\"")) {
                reprs.add("\"" + it + "\"");
            } else {
                reprs.add("'" + it.replace("\\", "\\\\").replace("'", "\\'") + "'");
            }
        }
        return "[" + String.join(", ", reprs) + "]";
    }

    private static List<String> tableColumns(Connection conn, String table) {
        List<String> cols = new ArrayList<>();
        try (Statement s = conn.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA table_info(" + quote(table) + ")")) {
            while (rs.next()) {
                cols.add(rs.getString(2));
            }
        } catch (SQLException e) {
            return List.of();
        }
        return cols;
    }
}

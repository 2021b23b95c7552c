package dev.overtone.bench.sqlite;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns sqlite-jdbc's exception text into SQLite's own message, as Python's sqlite3 reports it. */
public final class SqliteErrors {

    private static final Pattern WRAPPED = Pattern.compile("^\\[SQLITE_[A-Z_]+\\][^(]*\\((.*)\\)\\s*$", Pattern.DOTALL);

    private SqliteErrors() {
    }

    public static String message(SQLException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        Matcher w = WRAPPED.matcher(m);
        return w.matches() ? w.group(1) : m;
    }
}

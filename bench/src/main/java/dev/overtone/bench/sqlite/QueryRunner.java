package dev.overtone.bench.sqlite;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;

import org.sqlite.ProgressHandler;

/**
 * Runs one query the way the reference scorer's {@code run_query} does: a single statement, a time
 * limit checked every 1000 virtual-machine steps, a cap on rows; any failure is a {@link QueryException}.
 * Cells come back normalised so that Java equality is Python equality of sqlite3 values
 * (integral reals become longs: {@code 1 == 1.0}; blobs compare by content).
 */
public final class QueryRunner {

    public static final int DEFAULT_MAX_ROWS = 1_000_000;

    private final Connection conn;
    private final double timeoutSeconds;
    private final int maxRows;

    public QueryRunner(Connection conn, double timeoutSeconds) {
        this(conn, timeoutSeconds, DEFAULT_MAX_ROWS);
    }

    public QueryRunner(Connection conn, double timeoutSeconds, int maxRows) {
        this.conn = conn;
        this.timeoutSeconds = timeoutSeconds;
        this.maxRows = maxRows;
    }

    /** The rows of {@code sql}, each a list of normalised cells. */
    public List<List<Object>> run(String sql) throws QueryException {
        int end = StatementTokenizer.endOfFirstStatement(sql);
        if (end >= 0 && !StatementTokenizer.onlyWhitespaceAndComments(sql.substring(end))) {
            throw new QueryException("ProgrammingError: You can only execute one statement at a time.");
        }
        if (StatementTokenizer.onlyWhitespaceAndComments(sql.replace(";", " "))) {
            return List.of();
        }
        long deadline = System.nanoTime() + (long) (timeoutSeconds * 1e9);
        boolean[] timedOut = {false};
        try {
            ProgressHandler.setHandler(conn, 1000, new ProgressHandler() {
                @Override
                protected int progress() {
                    if (System.nanoTime() > deadline) {
                        timedOut[0] = true;
                        return 1;
                    }
                    return 0;
                }
            });
        } catch (SQLException e) {
            throw new QueryException("cannot install time limit: " + SqliteErrors.message(e));
        }
        try (PreparedStatement st = conn.prepareStatement(sql)) {
            int params = st.getParameterMetaData().getParameterCount();
            if (params > 0) {
                throw new QueryException("ProgrammingError: Incorrect number of bindings supplied. The current statement uses "
                        + params + ", and there are 0 supplied.");
            }
            if (!st.execute()) {
                return List.of();
            }
            List<List<Object>> rows = new ArrayList<>();
            try (ResultSet rs = st.getResultSet()) {
                int width = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>(width);
                    for (int c = 1; c <= width; c++) {
                        row.add(normalise(rs.getObject(c)));
                    }
                    rows.add(row);
                    if (rows.size() > maxRows) {
                        throw new QueryException("more than " + maxRows + " rows");
                    }
                }
            }
            return rows;
        } catch (SQLException e) {
            if (timedOut[0] || System.nanoTime() > deadline || String.valueOf(e.getMessage()).contains("interrupt")) {
                throw new QueryException(String.format(java.util.Locale.ROOT, "timeout after %.1fs", timeoutSeconds));
            }
            throw new QueryException(SqliteErrors.message(e));
        } finally {
            try {
                ProgressHandler.clearHandler(conn);
            } catch (SQLException ignored) {
                // the connection is closing; nothing to undo
            }
        }
    }

    /** One cell as a value whose equals/hashCode follow Python's equality of sqlite3 values. */
    public static Object normalise(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Integer i) {
            return i.longValue();
        }
        if (v instanceof Long || v instanceof String) {
            return v;
        }
        if (v instanceof Number n) {
            double d = n.doubleValue();
            if (d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 0x1p63) {
                return (long) d;
            }
            return d;
        }
        if (v instanceof byte[] b) {
            return ByteBuffer.wrap(b.clone()).asReadOnlyBuffer();
        }
        return v.toString();
    }

    /** A failed query: syntax or runtime error, time-out, too many rows, several statements. */
    public static final class QueryException extends Exception {
        public QueryException(String message) {
            super(message);
        }
    }
}

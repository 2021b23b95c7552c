package dev.overtone.executor.repository;

import io.vertx.pgclient.PgException;
import java.util.regex.Pattern;

/**
 * When a statement kept prepared on a connection can be run without describing the statement again first: when
 * PostgreSQL's own check of the kept statement sees every change of the columns the engine remembered. The server
 * re-analyses a prepared statement whose tables changed and refuses to run it if its result row type (column count,
 * names, types, type modifiers) would change ("cached plan must not change result type", 0A000); a statement that
 * no longer analyses fails with its class-42 error. Either failure makes the engine run the statement afresh.
 *
 * <ul>
 * <li>A statement kept as it is (every column of a fixed width): its own row type is checked, names included.</li>
 * <li>A capped wrapper: its own columns are named by position ({@code c1}, {@code CASE}), so the server checks
 *     the statement's column types (every fixed-width or typed column passes its type into the wrapper's) but not
 *     their names or a column added at the end. Those change without the statement failing only through a star
 *     expansion ({@code *}, {@code t.*}, {@code TABLE t}); a column rendered as text hides its type. Such a wrapper
 *     is described again, as before.</li>
 * </ul>
 */
final class ServerShapeCheck {
    /** A star that may expand to columns ({@code count(*)} does not), or {@code TABLE t}: conservative, on raw text. */
    private static final Pattern EXPANSION = Pattern.compile("\\*|\\btable\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern COUNT_STAR = Pattern.compile("\\(\\s*\\*\\s*\\)");

    private ServerShapeCheck() {
    }

    /** True when the server's check of the kept statement sees every change of {@code capped}'s columns. */
    static boolean sees(CappedProjection capped, String sql) {
        if (capped.bare()) {
            return true;
        }
        for (CappedProjection.Column column : capped.columns()) {
            if (column.shape() == CappedProjection.Shape.RENDERED) {
                return false;
            }
        }
        return !EXPANSION.matcher(COUNT_STAR.matcher(sql).replaceAll("()")).find();
    }

    /** A kept statement refused because its tables changed under it (the statement is then run afresh). */
    static boolean changedUnder(Throwable failure) {
        if (!(failure instanceof PgException pg) || pg.getSqlState() == null) {
            return false;
        }
        String state = pg.getSqlState();
        return state.equals("0A000") || state.startsWith("42");
    }
}

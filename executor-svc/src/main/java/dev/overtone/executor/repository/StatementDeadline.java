package dev.overtone.executor.repository;

import java.sql.SQLException;

/**
 * The deadline of the statement the current thread is stepping in SQLite, for the application-defined
 * functions that replace SQLite's quadratic string functions: SQLite calls them on the thread that steps
 * the statement, and one call can outlast the statement's time limit without SQLite's progress handler
 * ever running, so they check it themselves while they work. The progress handler of every connection reads it
 * too (it also runs on the stepping thread), so the handler is registered once per connection, not per statement.
 */
final class StatementDeadline {
    static final String PASSED = "stopped inside a string function: the statement's time limit passed";

    private static final ThreadLocal<long[]> CURRENT = new ThreadLocal<>();

    private StatementDeadline() {
    }

    /** From now until {@link #clear()}, functions on this thread stop at {@code deadlineNanos} ({@link System#nanoTime()}). */
    static void set(long deadlineNanos) {
        CURRENT.set(new long[] {deadlineNanos});
    }

    static void clear() {
        CURRENT.remove();
    }

    /** Whether this thread's statement has a deadline and it has passed. */
    static boolean passed() {
        long[] deadline = CURRENT.get();
        return deadline != null && System.nanoTime() - deadline[0] >= 0;
    }

    /** Fails the function (and so the statement) once the deadline has passed; without a deadline it never does. */
    static void check() throws SQLException {
        if (passed()) {
            throw new SQLException(PASSED);
        }
    }
}

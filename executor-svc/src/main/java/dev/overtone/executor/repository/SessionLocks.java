package dev.overtone.executor.repository;

import io.vertx.sqlclient.Pool;

/**
 * Whether a pool's role can take a session advisory lock at all, the one session state a call's ROLLBACK keeps: asked
 * once when the pool starts, of the walls' {@code overtone_executor.session_locks_refused()}
 * (samples/postgresql-tenant-walls.sql), which looks, as its owner, for a lock function or a SECURITY DEFINER
 * function that the role or any role it belongs to may execute. Until the answer is a yes the reset keeps its unlock:
 * walls missing or older than the function, the query failing, a role granted a lock function.
 */
final class SessionLocks {
    static final String CHECK = "SELECT overtone_executor.session_locks_refused()";

    /** What the check found. */
    enum Answer { NOT_YET, REFUSED, POSSIBLE }

    private volatile Answer answer = Answer.NOT_YET;

    /** Asks {@code pool} once; a failed check counts as {@link Answer#POSSIBLE}. */
    void check(Pool pool) {
        pool.query(CHECK).execute().onComplete(checked -> answer = checked.succeeded()
                && Boolean.TRUE.equals(checked.result().iterator().next().getBoolean(0)) ? Answer.REFUSED
                : Answer.POSSIBLE);
    }

    /** Whether the role is known to be refused every way to a session advisory lock. */
    boolean refused() {
        return answer == Answer.REFUSED;
    }

    Answer answer() {
        return answer;
    }
}

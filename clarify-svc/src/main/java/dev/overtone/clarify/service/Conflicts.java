package dev.overtone.clarify.service;

/** Recognises a lost race: a stale version, or a unique key another transaction took first. */
final class Conflicts {

    private Conflicts() {
    }

    static boolean isConflict(Throwable f) {
        for (Throwable t = f; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String name = t.getClass().getName();
            if (name.endsWith("OptimisticLockException") || name.endsWith("StaleObjectStateException")
                    || name.endsWith("StaleStateException") || name.endsWith("ConstraintViolationException")) {
                return true;
            }
            if (t instanceof io.vertx.pgclient.PgException pg && "23505".equals(pg.getSqlState())) {
                return true;
            }
        }
        return false;
    }
}

package dev.overtone.executor.support;

/** A statement that never ends on its own, on either engine: it counts until the time limit stops it. */
public final class Runaway {
    public static final String SQL = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT max(n) FROM r";

    private Runaway() {
    }
}

package dev.overtone.executor.health;

import java.util.List;

/**
 * The warm-up's statements: the shapes interpreter-svc sends (projections, joins along foreign keys, grouping,
 * ordering, sub-queries, CASE, LIKE, DISTINCT), on the scratch database's made-up schema. Warm-up data, not a rule.
 */
final class WarmUpStatements {

    /** Reads no table, so any PostgreSQL tenant database runs it; still typed cells, an operator and an allowed function. */
    static final String POSTGRESQL = "SELECT g AS n, g * 2.5 AS half, 'w' || g AS label FROM generate_series(1, 5) AS g ORDER BY g DESC";

    private WarmUpStatements() {
    }

    /** Eight statements whose literals follow {@code round}, so no text repeats an earlier round's. */
    static List<String> sqlite(int round) {
        int n = round + 3;
        return List.of(
                "SELECT name, stars FROM hotels ORDER BY stars DESC, name LIMIT " + n,
                "SELECT city, COUNT(*) AS hotels, AVG(price) AS mean_price FROM hotels WHERE stars >= " + round % 5
                        + " AND price < " + 1000 * n + " GROUP BY city HAVING COUNT(*) > 1 ORDER BY hotels DESC",
                "SELECT h.name, r.kind, r.rate FROM hotels AS h JOIN rooms AS r ON r.hotel_id = h.id WHERE r.rate > " + 10 * n
                        + " ORDER BY r.rate",
                "SELECT DISTINCT h.city FROM hotels AS h JOIN rooms AS r ON h.id = r.hotel_id JOIN bookings AS b"
                        + " ON b.room_id = r.id WHERE b.nights >= " + (round % 3 + 1) + " AND r.rate < " + 1000 * n,
                "SELECT name FROM hotels WHERE id IN (SELECT hotel_id FROM rooms WHERE kind LIKE '%ui%' AND rate < " + 50 * n + ")",
                "SELECT CASE WHEN stars >= 4 THEN 'high' ELSE 'low' END AS band, MAX(price), MIN(price) FROM hotels"
                        + " WHERE price > " + n + " GROUP BY band",
                "SELECT guest, SUM(nights) AS total FROM bookings WHERE booked_on >= '2026-01-0" + (round % 9) + "'"
                        + " GROUP BY guest ORDER BY total DESC, guest LIMIT " + n,
                "SELECT COUNT(DISTINCT kind) AS kinds FROM rooms WHERE rate BETWEEN " + n + " AND 300 AND hotel_id IS NOT NULL");
    }
}

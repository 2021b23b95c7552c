package dev.overtone.executor.repository;

import java.sql.Connection;
import org.sqlite.SQLiteConfig;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the linear instr, replace and trim cost a benign statement that calls them on every row of a table,
 * against SQLite's built-ins (medians of alternating runs). Not run by {@code verify}:
 * {@code ./mvnw -B -o -pl executor-svc verify -Dtest=StringFunctionCostBench -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class StringFunctionCostBench {
    private static final int ROWS = 100_000;
    private static final int RUNS = 15;
    private static final List<String> QUERIES = List.of(
            "SELECT sum(instr(name, 'Buda')) FROM hotels",
            "SELECT count(*) FROM hotels WHERE replace(name, 'o', '0') LIKE '%0%'",
            "SELECT sum(length(trim(name, 'Hl'))) FROM hotels",
            "SELECT count(*) FROM hotels WHERE name LIKE '%Buda%'");

    @Test
    void linearFunctionsAgainstSqlitesBuiltIns() throws SQLException {
        try (Connection builtIn = table(); Connection linear = table()) {
            LinearStringFunctions.register(linear, 1 << 20);
            System.out.printf("%-72s %12s %12s %8s %14s%n", "query (" + ROWS + " rows)", "built-in ms", "linear ms",
                    "ratio", "extra us/row");
            for (String query : QUERIES) {
                double[] a = new double[RUNS];
                double[] b = new double[RUNS];
                for (int i = -3; i < RUNS; i++) {
                    double x = time(builtIn, query);
                    double y = time(linear, query);
                    if (i >= 0) {
                        a[i] = x;
                        b[i] = y;
                    }
                }
                double builtInMs = median(a);
                double linearMs = median(b);
                System.out.printf("%-72s %12.1f %12.1f %8.2f %14.2f%n", query, builtInMs, linearMs,
                        linearMs / builtInMs, (linearMs - builtInMs) * 1000 / ROWS);
            }
        }
    }

    private static Connection table() throws SQLException {
        Connection c = new SQLiteConfig().createConnection("jdbc:sqlite::memory:");
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE hotels(name TEXT)");
            st.execute("WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k LIMIT " + ROWS + ")"
                    + " INSERT INTO hotels SELECT 'Hotel number ' || i || CASE i % 3 WHEN 0 THEN ' in Budapest'"
                    + " WHEN 1 THEN ' à Genève' ELSE ' in Wien' END FROM k");
        }
        return c;
    }

    private static double time(Connection c, String query) throws SQLException {
        long start = System.nanoTime();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(query)) {
            rs.next();
        }
        return (System.nanoTime() - start) / 1e6;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}

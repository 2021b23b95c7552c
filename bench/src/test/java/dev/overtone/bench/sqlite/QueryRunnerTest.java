package dev.overtone.bench.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteConfig;

/** Queries on a real in-memory SQLite database, judged as the reference scorer's {@code run_query} judges them. */
class QueryRunnerTest {
    private Connection conn;

    @BeforeEach
    void open() throws Exception {
        conn = new SQLiteConfig().createConnection("jdbc:sqlite::memory:");
        try (Statement s = conn.createStatement()) {
            s.executeUpdate("CREATE TABLE hotels (name TEXT, stars REAL, price INTEGER, photo BLOB)");
            s.executeUpdate("INSERT INTO hotels VALUES ('Ritz', 5.0, 900, x'0102'), ('Inn', 2.5, 80, NULL), ('Motel', NULL, 40, NULL)");
        }
    }

    @AfterEach
    void close() throws Exception {
        conn.close();
    }

    @Test
    void cellsComeBackSoThatJavaEqualityIsPythonEquality() throws Exception {
        List<List<Object>> rows = new QueryRunner(conn, 5).run("SELECT name, stars, price, photo FROM hotels ORDER BY price DESC");

        assertThat(rows.get(0)).containsExactly("Ritz", 5L, 900L, ByteBuffer.wrap(new byte[] {1, 2}));
        assertThat(rows.get(1)).containsExactly("Inn", 2.5, 80L, null);
        assertThat(rows.get(2).get(1)).isNull();
    }

    @Test
    void normalisingKeepsNonIntegralAndHugeRealsAsDoubles() {
        assertThat(QueryRunner.normalise(3)).isEqualTo(3L);
        assertThat(QueryRunner.normalise(4.0f)).isEqualTo(4L);
        assertThat(QueryRunner.normalise(0.1)).isEqualTo(0.1);
        assertThat(QueryRunner.normalise(1e300)).isEqualTo(1e300);
        assertThat(QueryRunner.normalise(Double.POSITIVE_INFINITY)).isEqualTo(Double.POSITIVE_INFINITY);
        byte[] blob = {7};
        Object kept = QueryRunner.normalise(blob);
        blob[0] = 8;
        assertThat(kept).as("a copy, not a view of the caller's array").isEqualTo(ByteBuffer.wrap(new byte[] {7}));
    }

    @Test
    void onlyOneStatementRunsButATrailingSemicolonOrCommentIsFine() throws Exception {
        QueryRunner runner = new QueryRunner(conn, 5);

        assertThat(runner.run("SELECT count(*) FROM hotels; -- how many")).containsExactly(List.of(3L));
        assertThatThrownBy(() -> runner.run("SELECT 1; SELECT 2")).isInstanceOf(QueryRunner.QueryException.class)
                .hasMessage("ProgrammingError: You can only execute one statement at a time.");
        assertThat(runner.run("  ; -- nothing\n")).isEmpty();
    }

    @Test
    void aStatementWithParametersIsRefusedAsPythonRefusesIt() {
        assertThatThrownBy(() -> new QueryRunner(conn, 5).run("SELECT * FROM hotels WHERE price > ? AND stars > ?"))
                .isInstanceOf(QueryRunner.QueryException.class)
                .hasMessage("ProgrammingError: Incorrect number of bindings supplied. The current statement uses 2, and there are 0 supplied.");
    }

    @Test
    void anEngineErrorIsAQueryFailure() {
        assertThatThrownBy(() -> new QueryRunner(conn, 5).run("SELECT rating FROM hotels"))
                .isInstanceOf(QueryRunner.QueryException.class).hasMessageContaining("no such column: rating");
    }

    @Test
    void moreRowsThanTheCapFail() throws Exception {
        assertThat(new QueryRunner(conn, 5, 3).run("SELECT name FROM hotels")).hasSize(3);
        assertThatThrownBy(() -> new QueryRunner(conn, 5, 2).run("SELECT name FROM hotels"))
                .isInstanceOf(QueryRunner.QueryException.class).hasMessage("more than 2 rows");
    }

    @Test
    void aQueryPastItsTimeLimitIsStoppedAndTheConnectionRunsTheNextOne() throws Exception {
        String endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n";

        assertThatThrownBy(() -> new QueryRunner(conn, 0.2).run(endless))
                .isInstanceOf(QueryRunner.QueryException.class).hasMessage("timeout after 0.2s");
        assertThat(new QueryRunner(conn, 5).run("SELECT 1")).containsExactly(Arrays.asList(1L));
    }
}

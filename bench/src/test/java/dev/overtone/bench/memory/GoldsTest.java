package dev.overtone.bench.memory;

import dev.overtone.bench.sqlite.QueryRunner;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteConfig;

import java.sql.Connection;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/** Which readings return a gold's result, on a real in-memory SQLite database, each SQL run once. */
class GoldsTest {
    private static final String STARS = "SELECT name, stars FROM hotels";
    private static final String SCORE = "SELECT h.name, AVG(r.score) FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.id, h.name";

    private Connection conn;
    private Golds golds;

    @BeforeEach
    void open() throws Exception {
        conn = new SQLiteConfig().createConnection("jdbc:sqlite::memory:");
        try (Statement s = conn.createStatement()) {
            s.executeUpdate("CREATE TABLE hotels (id INTEGER PRIMARY KEY, name TEXT, stars INTEGER)");
            s.executeUpdate("CREATE TABLE reviews (id INTEGER PRIMARY KEY, hotel_id INTEGER, score REAL)");
            s.executeUpdate("INSERT INTO hotels VALUES (1, 'Ritz', 5), (2, 'Inn', 2)");
            s.executeUpdate("INSERT INTO reviews VALUES (1, 1, 4.0), (2, 1, 5.0), (3, 2, 3.0)");
        }
        golds = new Golds(new QueryRunner(conn, 5));
    }

    @AfterEach
    void close() throws Exception {
        conn.close();
    }

    private static InterpretResponse answer(int shown, String... sqls) {
        InterpretResponse.Builder a = InterpretResponse.newBuilder().setShownCount(shown);
        for (int i = 0; i < sqls.length; i++) {
            a.addInterpretations(Interpretation.newBuilder().setId("i" + (i + 1)).setSql(sqls[i]));
        }
        return a.build();
    }

    @Test
    void rowsInAnotherOrderMatchUnlessTheGoldOrdersThem() {
        assertThat(golds.matches("SELECT name, stars FROM hotels ORDER BY stars", STARS)).isTrue();
        assertThat(golds.matches("SELECT name, stars FROM hotels ORDER BY stars", STARS + " ORDER BY stars DESC")).isFalse();
        assertThat(golds.matches("SELECT name FROM hotels", STARS)).isFalse();
    }

    @Test
    void aReadingOrAGoldThatFailsMatchesNothing() {
        assertThat(golds.matches("SELECT nme FROM hotels", STARS)).isFalse();
        assertThat(golds.matches(STARS, "SELECT nme FROM hotels")).isFalse();
        assertThat(golds.matches("SELECT nme FROM hotels", "SELECT nme FROM hotels")).isFalse();
    }

    @Test
    void eachSqlRunsOnceItsResultKeptForTheNextAsk() throws Exception {
        assertThat(golds.matches("SELECT name, stars FROM hotels ORDER BY name", STARS)).isTrue();
        try (Statement s = conn.createStatement()) {
            s.executeUpdate("DELETE FROM hotels WHERE id = 2");
        }

        assertThat(golds.matches("SELECT name, stars FROM hotels ORDER BY name", STARS)).as("both results kept").isTrue();
        assertThat(golds.matches("SELECT name, stars FROM hotels WHERE id = 1", STARS)).as("a new SQL runs now").isFalse();
    }

    @Test
    void theReadingsFirstAndShownOfAnAnswer() {
        InterpretResponse answer = answer(1, SCORE, "SELECT name FROM hotels", STARS);

        assertThat(golds.readingsOf(answer, STARS)).containsExactly("i3");
        assertThat(golds.readingsOf(answer, SCORE)).containsExactly("i1");
        assertThat(golds.first(answer, SCORE)).isTrue();
        assertThat(golds.first(answer, STARS)).isFalse();
        assertThat(golds.shown(answer, STARS)).as("the third reading is not shown").isFalse();
        assertThat(golds.shown(answer(3, SCORE, "SELECT name FROM hotels", STARS), STARS)).isTrue();
        assertThat(golds.shown(answer(9, SCORE), STARS)).as("shown past the readings there are").isFalse();
        assertThat(golds.first(answer(0), STARS)).isFalse();
    }
}

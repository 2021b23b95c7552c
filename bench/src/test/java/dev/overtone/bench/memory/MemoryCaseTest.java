package dev.overtone.bench.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.overtone.bench.dataset.BenchDatabase;
import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.sqlite.QueryRunner;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.Interpretation;

/** The simulated user's intent for the memory protocol, judged by results on a real SQLite database. */
class MemoryCaseTest {
    private static final String STARS = "SELECT name, stars FROM hotels";
    private static final String SCORE = "SELECT name, score FROM hotels";

    @Test
    void theIntentIsAGoldTheFirstReadingMissesSoTheMemoryHasAReadingToMove(@TempDir Path dir) throws Exception {
        try (Connection conn = hotels(dir)) {
            Golds golds = new Golds(new QueryRunner(conn, 5));
            Example rating = new Example("e1", "the rating of each hotel", List.of(STARS, SCORE), null, null, List.of(), "vague", true);

            assertThat(MemoryCase.intent(answer("SELECT stars, name FROM hotels", "SELECT score, name FROM hotels"), rating, golds))
                    .isEqualTo(SCORE);
            // only the first reading returns a gold: that gold
            assertThat(MemoryCase.intent(answer(STARS, "SELECT name FROM hotels"), rating, golds)).isEqualTo(STARS);
            // no reading returns any gold: unreachable
            assertThat(MemoryCase.intent(answer("SELECT name FROM hotels"), rating, golds)).isNull();
            assertThat(golds.first(answer(STARS, SCORE), STARS)).isTrue();
            assertThat(golds.shown(answer(STARS, SCORE).toBuilder().setShownCount(1).build(), SCORE)).isFalse();
            assertThat(golds.readingsOf(answer(STARS, "SELECT stars, name FROM hotels"), STARS)).containsExactly("i1", "i2");
        }
    }

    @Test
    void aTransferQuestionIsMeantAsTheSameInterpretationAsTheReadingChosenForTheFirst(@TempDir Path dir) throws Exception {
        try (Connection conn = hotels(dir)) {
            Golds golds = new Golds(new QueryRunner(conn, 5));
            Example rating = new Example("e1", "the rating of each hotel", List.of(STARS, SCORE), null, null, List.of(), "vague", true);
            String starsFirst = "SELECT name, stars FROM hotels ORDER BY stars DESC";
            String scoreFirst = "SELECT name, score FROM hotels ORDER BY score DESC";
            Example best = new Example("e2", "the best rated hotels first", List.of(starsFirst, scoreFirst), null, null, List.of(), "vague", true);

            // the data set lists a database's interpretations in the same order for each question: the same place, the same choice
            assertThat(MemoryCase.sameInterpretation(rating, SCORE, best)).isEqualTo(scoreFirst);
            assertThat(MemoryCase.sameInterpretation(rating, STARS, best)).isEqualTo(starsFirst);
            assertThat(MemoryCase.sameInterpretation(rating, SCORE, new Example("e3", "q", List.of(starsFirst), null, null, List.of(), "vague", true)))
                    .isNull();
            assertThat(MemoryCase.sameInterpretation(rating, null, best)).isNull();
            // what was chosen (the memory holds it) decides, not the intent the dialogue was played for
            assertThat(MemoryCase.chosenGold(rating, "SELECT stars, name FROM hotels", SCORE, golds)).isEqualTo(STARS);
            assertThat(MemoryCase.chosenGold(rating, "SELECT name FROM hotels", SCORE, golds)).isEqualTo(SCORE);
        }
    }

    private static InterpretResponse answer(String... sqls) {
        InterpretResponse.Builder b = InterpretResponse.newBuilder().setShownCount(sqls.length);
        for (int k = 0; k < sqls.length; k++) {
            b.addInterpretations(Interpretation.newBuilder().setId("i" + (k + 1)).setSql(sqls[k]));
        }
        return b.build();
    }

    private static Connection hotels(Path dir) throws Exception {
        Path file = dir.resolve("hotels.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE hotels (name TEXT, stars INTEGER, score REAL)");
            s.execute("INSERT INTO hotels VALUES ('Grand Plaza', 5, 8.5), ('Old Mill Inn', 3, 9.1)");
        }
        return new BenchDatabase("hotels", file, List.of()).openReadOnly();
    }
}

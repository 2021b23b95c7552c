package dev.overtone.bench.scoring;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.overtone.bench.scoring.ExampleScorer.IdenticalGolds;
import dev.overtone.bench.sqlite.QueryRunner;

/** The reference rule on small fixed cases. */
class ExampleScorerTest {

    private Connection conn;
    private QueryRunner runner;

    @BeforeEach
    void db() throws Exception {
        conn = DriverManager.getConnection("jdbc:sqlite::memory:");
        try (Statement s = conn.createStatement()) {
            s.execute("CREATE TABLE h(name TEXT, stars INTEGER, score REAL, city TEXT)");
            s.execute("INSERT INTO h VALUES ('a', 5, 8.5, 'x'), ('b', 3, 9.0, 'x'), ('c', 3, 7.0, 'y')");
        }
        runner = new QueryRunner(conn, 5);
    }

    @AfterEach
    void close() throws Exception {
        conn.close();
    }

    private ExampleScore score(List<String> golds, List<String> preds) {
        return ExampleScorer.score("e", golds, preds, runner, IdenticalGolds.ZERO);
    }

    @Test
    void orderMattersOnlyWhenTheGoldHasOrderBy() {
        String ordered = "SELECT name FROM h ORDER BY stars DESC, name";
        assertThat(score(List.of(ordered), List.of("SELECT name FROM h ORDER BY name DESC")).fullCoverage()).isZero();
        assertThat(score(List.of(ordered), List.of("SELECT name FROM h ORDER BY stars DESC, name")).fullCoverage()).isOne();
        assertThat(score(List.of("SELECT name FROM h"), List.of("SELECT name FROM h ORDER BY name DESC")).fullCoverage())
                .isOne();
    }

    @Test
    void cellsAreComparedAsAMultisetIgnoringRowsAndColumns() {
        // same cells, other row boundaries and column order
        assertThat(score(List.of("SELECT name, stars FROM h"), List.of("SELECT stars, name FROM h")).fullCoverage()).isOne();
        // multiplicity counts: DISTINCT loses a 3
        assertThat(score(List.of("SELECT stars FROM h"), List.of("SELECT DISTINCT stars FROM h")).fullCoverage()).isZero();
        // 1 == 1.0, as in Python
        assertThat(score(List.of("SELECT 5"), List.of("SELECT 5.0")).fullCoverage()).isOne();
        assertThat(score(List.of("SELECT 5"), List.of("SELECT '5'")).fullCoverage()).isZero();
        // ordered comparison: each row a bag of cells
        assertThat(score(List.of("SELECT name, stars FROM h ORDER BY name"),
                List.of("SELECT stars, name FROM h ORDER BY name")).fullCoverage()).isOne();
    }

    @Test
    void anEmptyPredictionNeverMatches() {
        ExampleScore s = score(List.of("SELECT name FROM h WHERE stars > 9"), List.of("SELECT name FROM h WHERE 0"));
        assertThat(s.fullCoverage()).isZero();
        assertThat(s.precision()).isZero();
        ExampleScore none = score(List.of("SELECT name FROM h"), List.of());
        assertThat(none.precision()).isZero();
        assertThat(none.recall()).isZero();
    }

    @Test
    void predictionsAreDeduplicatedByTextAndFailuresCountInPrecision() {
        ExampleScore s = score(List.of("SELECT stars FROM h", "SELECT score FROM h"),
                List.of("SELECT stars FROM h", "SELECT stars FROM h", "SELECT nope FROM h", "SELECT  stars FROM h"));
        assertThat(s.predictedSql()).hasSize(3);
        assertThat(s.predErrors()).isOne();
        assertThat(s.precision()).isEqualTo(2.0 / 3);
        assertThat(s.recall()).isEqualTo(0.5);
        assertThat(s.singleCoverage()).isOne();
        assertThat(s.fullCoverage()).isZero();
        assertThat(s.f1()).isEqualTo(2 * (2.0 / 3) * 0.5 / (2.0 / 3 + 0.5));
        // failures one group, two textual variants of one result one group
        assertThat(s.uniqueResults()).isEqualTo(2);
    }

    @Test
    void aRepeatedGoldKeepsItsPlaceInTheRecallDenominator() {
        ExampleScore s = score(List.of("SELECT stars FROM h", "SELECT stars FROM h", "SELECT score FROM h"),
                List.of("SELECT stars FROM h", "SELECT score FROM h"));
        assertThat(s.recall()).isEqualTo(2.0 / 3);
        assertThat(s.fullCoverage()).isZero();
    }

    @Test
    void identicalGoldResultsScoreZeroOnlyInTheAmbrosiaMode() {
        List<String> golds = List.of("SELECT name FROM h", "SELECT name FROM h WHERE 1");
        List<String> preds = List.of("SELECT name FROM h");
        ExampleScore zero = ExampleScorer.score("e", golds, preds, runner, IdenticalGolds.ZERO);
        assertThat(zero.goldProblem()).isEqualTo("two gold queries give identical results");
        assertThat(zero.fullCoverage()).isZero();
        ExampleScore scored = ExampleScorer.score("e", golds, preds, runner, IdenticalGolds.SCORE);
        assertThat(scored.goldProblem()).isNull();
        assertThat(scored.fullCoverage()).isOne();
    }

    @Test
    void aFailingGoldScoresZero() {
        ExampleScore s = score(List.of("SELECT nope FROM h"), List.of("SELECT name FROM h"));
        assertThat(s.goldProblem()).startsWith("gold query failed: ");
        assertThat(s.singleCoverage()).isZero();
    }

    @Test
    void queriesFailLikePythonSqlite3() throws Exception {
        assertThat(score(List.of("SELECT name FROM h"), List.of("SELECT name FROM h; SELECT 1")).predErrors()).isOne();
        assertThat(score(List.of("SELECT name FROM h"), List.of("SELECT name FROM h WHERE stars = ?")).predErrors()).isOne();
        assertThat(score(List.of("SELECT name FROM h"), List.of("SELECT name FROM h; -- fine\n")).fullCoverage()).isOne();
        assertThat(runner.run("-- nothing")).isEmpty();
    }

    @Test
    void eachPredictionKeepsTheGoldsItMatchesForTopKCoverage() {
        ExampleScore s = score(List.of("SELECT name FROM h WHERE stars = 5", "SELECT name FROM h WHERE city = 'y'"),
                List.of("SELECT 1", "SELECT name FROM h WHERE city = 'y'", "SELECT name FROM h WHERE stars > 4"));

        assertThat(s.predGolds()).containsExactly(List.of(), List.of(1), List.of(0));
        assertThat(s.fullCoverageOfFirst(2)).isZero();
        assertThat(s.fullCoverageOfFirst(3)).isOne();
        assertThat(s.fullCoverage()).isOne();
    }
}

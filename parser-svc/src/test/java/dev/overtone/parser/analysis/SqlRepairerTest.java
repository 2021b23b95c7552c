package dev.overtone.parser.analysis;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Failing SQLs mended where the engine's error says how, on the small performers schema ({@link Schemas#performers}). */
class SqlRepairerTest {

    private final SqlRepairer repairer = new SqlRepairer(NameSimilarity.LEXICAL_ONLY);

    static SchemaIndex performers() {
        return SchemaIndex.of(Schemas.performers());
    }

    private List<SqlRepairer.Repair> repair(String sql, String message) {
        return repairer.repair(sql, message, performers());
    }

    @Test
    void anAmbiguousColumnGivesOneReadingPerTableThatHoldsIt() {
        List<SqlRepairer.Repair> rs = repair("SELECT country FROM performer AS T1 JOIN performer_country AS T2 ON T1.performer_id = T2.performer_id WHERE age > 30",
                "[SQLITE_ERROR] SQL error or missing database (ambiguous column name: country)");
        assertThat(rs).extracting(SqlRepairer.Repair::sql).containsExactly(
                "SELECT T1.country FROM performer AS T1 JOIN performer_country AS T2 ON T1.performer_id = T2.performer_id WHERE age > 30",
                "SELECT T2.country FROM performer AS T1 JOIN performer_country AS T2 ON T1.performer_id = T2.performer_id WHERE age > 30");
        assertThat(rs).extracting(SqlRepairer.Repair::kind).containsOnly(SqlRepairer.Kind.QUALIFIED_AMBIGUOUS_COLUMN);
        assertThat(rs).extracting(SqlRepairer.Repair::replacement).containsExactly("performer.country", "performer_country.country");
        // PostgreSQL states it differently
        assertThat(repair("SELECT country FROM performer JOIN performer_country ON performer.performer_id = performer_country.performer_id",
                "ERROR: column reference \"country\" is ambiguous")).hasSize(2);
    }

    @Test
    void anUnknownColumnIsReplacedByTheClosestColumnInScope() {
        List<SqlRepairer.Repair> rs = repair("SELECT nmae FROM performer WHERE age > 30", "no such column: nmae");
        assertThat(rs).extracting(SqlRepairer.Repair::sql).first().isEqualTo("SELECT name FROM performer WHERE age > 30");
        assertThat(rs.get(0).kind()).isEqualTo(SqlRepairer.Kind.CLOSEST_COLUMN);
        assertThat(rs.get(0).replaced()).isEqualTo("nmae");
        // a qualifier pointing at the wrong table: the same name in the other table of the scope
        assertThat(repair("SELECT T2.age FROM performer AS T1 JOIN performer_country AS T2 ON T1.performer_id = T2.performer_id",
                "no such column: T2.age")).extracting(SqlRepairer.Repair::sql).first()
                .isEqualTo("SELECT T1.age FROM performer AS T1 JOIN performer_country AS T2 ON T1.performer_id = T2.performer_id");
    }

    @Test
    void anUnknownColumnInsideAnInSubqueryOrAComparedSubqueryIsRepairedThere() {
        assertThat(repair("SELECT name FROM performer WHERE age IN (SELECT age FROM performer WHERE nmae = 'x')", "no such column: nmae"))
                .extracting(SqlRepairer.Repair::sql).first()
                .isEqualTo("SELECT name FROM performer WHERE age IN (SELECT age FROM performer WHERE name = 'x')");
        assertThat(repair("SELECT name FROM performer WHERE age > (SELECT avg(ages) FROM performer)", "no such column: ages"))
                .extracting(SqlRepairer.Repair::sql).first()
                .isEqualTo("SELECT name FROM performer WHERE age > (SELECT avg(age) FROM performer)");
    }

    @Test
    void anUnknownTableIsReplacedByTheClosestTableAndItsQualifiersFollow() {
        assertThat(repair("SELECT performers.name FROM performers", "no such table: performers"))
                .extracting(SqlRepairer.Repair::sql).first().isEqualTo("SELECT performer.name FROM performer");
        assertThat(repair("SELECT name FROM singers", "ERROR: relation \"singers\" does not exist")).isEmpty();
    }

    @Test
    void nothingIsRepairedWhenTheErrorSaysNothingMendableOrNoNameIsClose() {
        assertThat(repair("SELECT name FROM performer", "database is locked")).isEmpty();
        assertThat(repair("SELECT salary FROM performer", "no such column: salary")).isEmpty();
        assertThat(repairer.repair("SELECT nmae FROM performer", "no such column: nmae", SchemaIndex.EMPTY)).isEmpty();
    }

    @Test
    void editDistanceCountsSingleEdits() {
        assertThat(SqlRepairer.editDistance("name", "nmae")).isEqualTo(2);
        assertThat(SqlRepairer.editDistance("", "abc")).isEqualTo(3);
        assertThat(SqlRepairer.editDistance("kitten", "sitting")).isEqualTo(3);
    }
}

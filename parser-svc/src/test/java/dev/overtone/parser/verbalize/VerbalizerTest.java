package dev.overtone.parser.verbalize;

import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.Schemas;

import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static dev.overtone.parser.analysis.Schemas.INT;
import static dev.overtone.parser.analysis.Schemas.REAL;
import static dev.overtone.parser.analysis.Schemas.TEXT;
import static dev.overtone.parser.analysis.Schemas.col;
import static dev.overtone.parser.analysis.Schemas.fk;
import static dev.overtone.parser.analysis.Schemas.id;
import static org.assertj.core.api.Assertions.assertThat;

/** Verbalize over realistic queries on two schemas: aliases resolved, plain phrasing, no alias leaks. */
class VerbalizerTest {

    private final Verbalizer verbalizer = new Verbalizer();

    /** Students take courses through enrollments (a junction table with a grade). */
    static SchemaIndex school() {
        return SchemaIndex.of(Schema.newBuilder().setDialect("postgresql")
                .addTables(Table.newBuilder().setName("students").addPrimaryKey("id").addColumns(id("id"))
                        .addColumns(col("name", TEXT)).addColumns(col("year", INT)))
                .addTables(Table.newBuilder().setName("courses").addPrimaryKey("id").addColumns(id("id"))
                        .addColumns(col("title", TEXT)).addColumns(col("credits", INT)))
                .addTables(Table.newBuilder().setName("enrollments").addPrimaryKey("id").addColumns(id("id"))
                        .addColumns(col("student_id", INT)).addColumns(col("course_id", INT)).addColumns(col("grade", REAL))
                        .addForeignKeys(fk("student_id", "students", "id")).addForeignKeys(fk("course_id", "courses", "id")))
                .build());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            SELECT h.name, AVG(r.score) AS rating FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.id, h.name | the name and average review score of each hotel
            SELECT name, stars FROM hotels ORDER BY stars DESC | the names and stars of all hotels, highest stars first
            SELECT h.name FROM hotels AS h WHERE h.city = 'Rome' AND h.stars > 3 | the names of hotels where city is "Rome" and stars is greater than 3
            SELECT h.name, r.score FROM hotels h JOIN reviews r ON r.hotel_id = h.id WHERE r.score >= 9 | the names and review scores of hotels where review score is at least 9
            SELECT city, COUNT(*) FROM hotels WHERE stars >= 4 GROUP BY city | the city and number of hotels where stars is at least 4, for each city
            SELECT COUNT(*) FROM hotels | the number of hotels
            SELECT x.name, MAX(y.score) FROM hotels x, reviews y WHERE y.hotel_id = x.id GROUP BY x.id ORDER BY 2 DESC LIMIT 3 | the name and highest review score of each hotel, by highest review score, largest first, only the first 3
            """)
    void hotels(String sql, String expected) {
        assertThat(verbalizer.verbalize(sql, Schemas.hotels())).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            SELECT s.name, COUNT(*) FROM students s JOIN enrollments e ON e.student_id = s.id GROUP BY s.id, s.name ORDER BY COUNT(*) DESC LIMIT 3 | the name and number of enrollments of each student, highest number of enrollments first, only the first 3
            SELECT c.title, AVG(e.grade) AS mean_grade FROM courses c JOIN enrollments e ON e.course_id = c.id GROUP BY c.id, c.title ORDER BY mean_grade DESC | the title and average enrollment grade of each course, highest average enrollment grade first
            SELECT s.year, AVG(e.grade) FROM students s JOIN enrollments e ON e.student_id = s.id GROUP BY s.year | the year and average enrollment grade of students, for each year
            SELECT DISTINCT c.title FROM courses c JOIN enrollments e ON e.course_id = c.id WHERE e.grade < 50 | the distinct titles of courses with their enrollments where enrollment grade is less than 50
            SELECT t.name FROM students t WHERE t.year BETWEEN 1 AND 2 ORDER BY t.name LIMIT 1 | the names of students where year is between 1 and 2, lowest name first, only the first one
            """)
    void school(String sql, String expected) {
        assertThat(verbalizer.verbalize(sql, school())).isEqualTo(expected);
    }

    @Test
    void noAliasEverLeaks() {
        List<String> queries = List.of(
                "SELECT h.name, AVG(r.score) AS rating FROM hotels h JOIN reviews r ON r.hotel_id = h.id GROUP BY h.id, h.name",
                "SELECT hh.city, COUNT(rr.id) FROM hotels hh LEFT JOIN reviews rr ON rr.hotel_id = hh.id GROUP BY hh.city HAVING COUNT(rr.id) > 2",
                "SELECT h.name FROM hotels h WHERE h.id IN (SELECT r.hotel_id FROM reviews r WHERE r.score > 9)",
                "SELECT h.name, h.stars FROM hotels h WHERE h.stars = (SELECT MAX(h2.stars) FROM hotels h2)",
                "SELECT h.name FROM hotels h WHERE h.city = 'Rome' UNION SELECT g.name FROM hotels g WHERE g.stars = 5");
        Set<String> aliases = Set.of("h", "r", "hh", "rr", "h2", "g");
        for (String sql : queries) {
            String text = verbalizer.verbalize(sql, Schemas.hotels());
            assertThat(text.split("[^a-z0-9]+")).as(text).doesNotContainAnyElementsOf(aliases);
        }
    }

    @Test
    void verbalizesDeterministically() {
        assertThat(verbalizer.verbalize("SELECT name, stars FROM hotels ORDER BY stars DESC", Schemas.hotels()))
                .isEqualTo("the names and stars of all hotels, highest stars first");
        assertThat(verbalizer.verbalize("SELECT city, COUNT(*) FROM hotels WHERE stars >= 4 GROUP BY city", Schemas.hotels()))
                .isEqualTo("the city and number of hotels where stars is at least 4, for each city");
    }
}

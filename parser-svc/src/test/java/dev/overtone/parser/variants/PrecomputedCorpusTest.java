package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.SchemaIndex;

import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spider-style queries on schemas made after AmbiQT P development databases (swimming, allergy_1, cinema,
 * hr_1, perpetrator), each with the precomputed table AmbiQT would add for it: the aggregates of the query's FROM grouped by
 * the columns the query selects, filters, groups or sorts on. One case per shape the aggregate family reads
 * from such a table, and the shapes it must leave alone. Each reading is run on SQLite beside the query: where
 * the precomputed table has one row per group the query reads, both return the same rows; a range filter over
 * several precomputed groups does not (as AmbiQT's own second query does not).
 */
class PrecomputedCorpusTest {

    private static final String SWIMMING = """
            CREATE TABLE stadium (ID INT PRIMARY KEY, name TEXT, Capacity INT, City TEXT, Country TEXT, Opening_year INT);
            INSERT INTO stadium VALUES (1, 'Nou Camp', 99000, 'Barcelona', 'Spain', 1957), (2, 'Bernabeu', 81000, 'Madrid', 'Spain', 1947),
              (3, 'Mestalla', 49000, 'Valencia', 'Spain', 1923), (4, 'Wembley', 90000, 'London', 'England', 2007),
              (5, 'Anfield', 54000, 'Liverpool', 'England', 1884), (6, 'Parc', 48000, 'Paris', 'France', 1972);
            """;
    private static final String ALLERGY = """
            CREATE TABLE Student (StuID INTEGER PRIMARY KEY, LName TEXT, Fname TEXT, Age INTEGER, Sex TEXT, Major INTEGER);
            INSERT INTO Student VALUES (1, 'Smith', 'Ann', 18, 'F', 600), (2, 'Kim', 'Bo', 26, 'M', 600), (3, 'Lee', 'Cy', 21, 'F', 520),
              (4, 'Diaz', 'Di', 19, 'M', 520), (5, 'Cho', 'Ed', 22, 'F', 540), (6, 'Nash', 'Fay', 26, 'F', 540);
            CREATE TABLE Has_Allergy (StuID INTEGER, Allergy TEXT);
            INSERT INTO Has_Allergy VALUES (1, 'Milk'), (2, 'Cat'), (3, 'Milk');
            """;
    private static final String CINEMA = """
            CREATE TABLE cinema (Cinema_ID INT PRIMARY KEY, Name TEXT, Openning_year INT, Capacity INT, Location TEXT);
            INSERT INTO cinema VALUES (1, 'Codling', 2010, 1100, 'Glenageary'), (2, 'Carrowleagh', 2012, 368, 'Bandon'),
              (3, 'Dublin Arc', 2015, 165, 'Dublin'), (4, 'Grange', 2011, 203, 'Dublin'), (5, 'Moneypoint', 2011, 225, 'Bandon');
            CREATE TABLE schedule (Cinema_ID INT, Film_ID INT, Date TEXT, Show_times_per_day INT, Price FLOAT);
            INSERT INTO schedule VALUES (1, 1, '21 May', 5, 12.99), (1, 2, '21 May', 3, 12.99), (2, 1, '21 Jun', 2, 8.99),
              (3, 3, '11 Jul', 5, 9.99), (4, 2, '11 Jul', 1, 15.99), (4, 3, '12 Jul', 2, 7.5);
            """;
    private static final String HR = """
            CREATE TABLE departments (DEPARTMENT_ID INT PRIMARY KEY, DEPARTMENT_NAME TEXT, MANAGER_ID INT);
            INSERT INTO departments VALUES (10, 'Administration', 200), (20, 'Marketing', 201), (30, 'Purchasing', 0), (40, 'Sales', 145);
            CREATE TABLE employees (EMPLOYEE_ID INT PRIMARY KEY, FIRST_NAME TEXT, SALARY REAL, COMMISSION_PCT REAL, DEPARTMENT_ID INT);
            INSERT INTO employees VALUES (100, 'Steven', 24000, 0, 10), (101, 'Neena', 17000, 0, 10), (102, 'Lex', 4000, 0, 20),
              (103, 'Alex', 9000, 0.1, 20), (104, 'Bruce', 6000, 0.2, 30), (105, 'David', 4800, 0, 40);
            """;

    private static final String PERPETRATOR = """
            CREATE TABLE perpetrator (Perpetrator_ID INT PRIMARY KEY, Date TEXT, Year REAL, Location TEXT, Country TEXT, Killed INT);
            INSERT INTO perpetrator VALUES (1, '04.26 April 26/27', 1982, 'Uiryeong', 'South Korea', 56), (2, '11.18 Nov. 18', 1995, 'Zhaodong', 'China', 32),
              (3, '05.21 May 21', 1938, 'Kaio', 'Japan', 30), (4, '09.20 Sep. 20', 1994, 'Beijing', 'China', 23);
            """;

    /** One corpus case: a database, the precomputed table for the query, the query, its expected reading, and whether both return the same rows. */
    record Case(String shape, String database, String precomputed, String query, String expected, boolean sameRows) {
        @Override
        public String toString() {
            return shape;
        }
    }

    /** AmbiQT's precomputed table: max_, min_, avg_ and total_ of one column of a FROM clause, grouped by some columns. */
    private static String precompute(String table, String from, String column, String... groupBy) {
        String keys = String.join(", ", groupBy);
        String c = column.toLowerCase(java.util.Locale.ROOT);
        return "CREATE TABLE " + table + " AS SELECT max(" + column + ") AS max_" + c + ", min(" + column + ") AS min_" + c + ", avg(" + column
                + ") AS avg_" + c + ", sum(" + column + ") AS total_" + c + (keys.isEmpty() ? "" : ", " + keys) + " FROM " + from
                + (keys.isEmpty() ? "" : " GROUP BY " + keys);
    }

    static Stream<Case> corpus() {
        return Stream.of(
                new Case("scalar subquery in WHERE (above the average)", SWIMMING, precompute("stadium_capacity", "stadium", "Capacity"),
                        "SELECT name FROM stadium WHERE Capacity > (SELECT avg(Capacity) FROM stadium)",
                        "SELECT name FROM stadium WHERE Capacity > (SELECT avg_capacity FROM stadium_capacity)", true),
                new Case("scalar subquery in the select list", SWIMMING, precompute("stadium_capacity", "stadium", "Capacity"),
                        "SELECT name, Capacity - (SELECT min(Capacity) FROM stadium) FROM stadium",
                        "SELECT name, Capacity - (SELECT min_capacity FROM stadium_capacity) FROM stadium", true),
                new Case("IN-subquery grouped", ALLERGY, precompute("student_age", "Student", "Age", "Sex"),
                        "SELECT LName FROM Student WHERE Age IN (SELECT max(Age) FROM Student GROUP BY Sex)",
                        "SELECT LName FROM Student WHERE Age IN (SELECT max_age FROM student_age GROUP BY Sex)", true),
                new Case("HAVING", CINEMA, precompute("cinema_capacity", "cinema", "Capacity", "Location"),
                        "SELECT Location FROM cinema GROUP BY Location HAVING avg(Capacity) > 300",
                        "SELECT Location FROM cinema_capacity GROUP BY Location HAVING avg_capacity > 300", true),
                new Case("GROUP BY, ORDER BY the aggregate, LIMIT", CINEMA, precompute("cinema_capacity", "cinema", "Capacity", "Location"),
                        "SELECT Location, sum(Capacity) FROM cinema GROUP BY Location ORDER BY sum(Capacity) DESC LIMIT 1",
                        "SELECT Location, total_capacity FROM cinema_capacity GROUP BY Location ORDER BY total_capacity DESC LIMIT 1", true),
                new Case("join, grouped", CINEMA,
                        precompute("schedule_price", "schedule AS T1 JOIN cinema AS T2 ON T1.Cinema_ID = T2.Cinema_ID", "Price", "Name"),
                        "SELECT T2.Name, avg(T1.Price) FROM schedule AS T1 JOIN cinema AS T2 ON T1.Cinema_ID = T2.Cinema_ID GROUP BY T2.Name",
                        "SELECT Name, avg_price FROM schedule_price GROUP BY Name", true),
                new Case("aggregates inside an expression", SWIMMING, precompute("stadium_capacity", "stadium", "Capacity", "Country"),
                        "SELECT max(Capacity) - min(Capacity) FROM stadium WHERE Country = 'Spain'",
                        "SELECT max_capacity - min_capacity FROM stadium_capacity WHERE Country = 'Spain'", true),
                new Case("a branch of a set operation", HR, precompute("employees_salary", "employees", "SALARY", "DEPARTMENT_ID"),
                        "SELECT DEPARTMENT_ID FROM employees GROUP BY DEPARTMENT_ID HAVING avg(SALARY) > 5000 "
                                + "INTERSECT SELECT DEPARTMENT_ID FROM departments WHERE MANAGER_ID > 0",
                        "SELECT DEPARTMENT_ID FROM employees_salary GROUP BY DEPARTMENT_ID HAVING avg_salary > 5000 "
                                + "INTERSECT SELECT DEPARTMENT_ID FROM departments WHERE MANAGER_ID > 0", true),
                new Case("aliased table in a subquery", HR, precompute("employees_salary", "employees", "SALARY", "DEPARTMENT_ID"),
                        "SELECT DEPARTMENT_NAME FROM departments WHERE DEPARTMENT_ID IN (SELECT T1.DEPARTMENT_ID FROM employees AS T1 "
                                + "GROUP BY T1.DEPARTMENT_ID HAVING sum(T1.SALARY) > 10000)",
                        "SELECT DEPARTMENT_NAME FROM departments WHERE DEPARTMENT_ID IN (SELECT T1.DEPARTMENT_ID FROM employees_salary AS T1 "
                                + "GROUP BY T1.DEPARTMENT_ID HAVING total_salary > 10000)", true),
                new Case("a column named like a date unit", PERPETRATOR, precompute("perpetrator_year", "perpetrator", "Year"),
                        "SELECT Location FROM perpetrator WHERE Year = (SELECT max(Year) FROM perpetrator)",
                        "SELECT Location FROM perpetrator WHERE YEAR = (SELECT max_year FROM perpetrator_year)", true),
                new Case("range filter over several precomputed groups", CINEMA, precompute("cinema_capacity", "cinema", "Capacity", "Openning_year"),
                        "SELECT avg(Capacity) FROM cinema WHERE Openning_year >= 2011",
                        "SELECT avg_capacity FROM cinema_capacity WHERE Openning_year >= 2011", false));
    }

    /** Shapes where nothing says the precomputed table holds what the query computes. */
    static Stream<Case> leftAlone() {
        return Stream.of(
                new Case("correlated subquery", SWIMMING, precompute("stadium_capacity", "stadium", "Capacity", "Country"),
                        "SELECT name FROM stadium AS T1 WHERE Capacity > (SELECT avg(T2.Capacity) FROM stadium AS T2 WHERE T2.Country = T1.Country)", null, false),
                new Case("HAVING on a grouping the table lacks", CINEMA, precompute("cinema_capacity", "cinema", "Capacity", "Openning_year"),
                        "SELECT Location FROM cinema GROUP BY Location HAVING avg(Capacity) > 300", null, false),
                new Case("outer join", CINEMA,
                        precompute("schedule_price", "schedule AS T1 JOIN cinema AS T2 ON T1.Cinema_ID = T2.Cinema_ID", "Price", "Name"),
                        "SELECT T2.Name, avg(T1.Price) FROM cinema AS T2 LEFT JOIN schedule AS T1 ON T1.Cinema_ID = T2.Cinema_ID GROUP BY T2.Name", null, false),
                new Case("an aggregate the table does not hold", SWIMMING, precompute("stadium_capacity", "stadium", "Capacity"),
                        "SELECT name FROM stadium WHERE Opening_year < (SELECT avg(Opening_year) FROM stadium)", null, false));
    }

    private final VariantGenerator generator = new VariantGenerator(NameSimilarity.LEXICAL_ONLY);

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void theAggregatesAreReadFromThePrecomputedTable(Case c) throws SQLException {
        try (Connection db = database(c)) {
            List<String> readings = readings(c, db);
            assertThat(readings).containsExactly(c.expected());
            List<String> gold = rows(db, c.query());
            assertThat(gold).isNotEmpty();
            if (c.sameRows()) assertThat(rows(db, readings.get(0))).isEqualTo(gold);
            else assertThat(rows(db, readings.get(0))).isNotEmpty().isNotEqualTo(gold);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("leftAlone")
    void noPrecomputedReadingWhereTheStructureDoesNotSayItHolds(Case c) throws SQLException {
        try (Connection db = database(c)) {
            assertThat(rows(db, c.query())).isNotEmpty();
            assertThat(readings(c, db)).isEmpty();
        }
    }

    private List<String> readings(Case c, Connection db) throws SQLException {
        return generator.generate(c.query(), describe(db), "a question", 20, Set.of(Variant.AGGREGATE)).stream().map(Variant::sql).toList();
    }

    private static Connection database(Case c) throws SQLException {
        Connection db = DriverManager.getConnection("jdbc:sqlite::memory:");
        try (Statement st = db.createStatement()) {
            for (String sql : (c.database() + c.precomputed()).split(";")) if (!sql.isBlank()) st.execute(sql);
        }
        return db;
    }

    /** The rows, each as text, in the query's order when it sorts, else sorted (a bag). */
    private static List<String> rows(Connection db, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            int width = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= width; i++) row.add(String.valueOf(rs.getObject(i) instanceof Number n ? n.doubleValue() : rs.getObject(i)));
                out.add(String.join("|", row));
            }
        }
        if (!sql.toUpperCase(java.util.Locale.ROOT).contains("ORDER BY")) out.sort(null);
        return out;
    }

    /** The database's tables and columns as parser-svc receives them (declared types; no samples needed here). */
    private static SchemaIndex describe(Connection db) throws SQLException {
        Schema.Builder schema = Schema.newBuilder().setDialect("sqlite");
        List<String> tables = new ArrayList<>();
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'")) {
            while (rs.next()) tables.add(rs.getString(1));
        }
        for (String t : tables) {
            Table.Builder table = Table.newBuilder().setName(t);
            try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("PRAGMA table_info(\"" + t + "\")")) {
                while (rs.next()) {
                    boolean key = rs.getInt("pk") > 0;
                    table.addColumns(Column.newBuilder().setName(rs.getString("name")).setDeclaredType(rs.getString("type")).setPrimaryKey(key));
                    if (key) table.addPrimaryKey(rs.getString("name"));
                }
            }
            schema.addTables(table);
        }
        return SchemaIndex.of(schema.build());
    }
}

package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.SchemaIndex;

import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Set;

import static dev.overtone.parser.analysis.Schemas.INT;
import static dev.overtone.parser.analysis.Schemas.REAL;
import static dev.overtone.parser.analysis.Schemas.TEXT;
import static dev.overtone.parser.analysis.Schemas.col;
import static dev.overtone.parser.analysis.Schemas.fk;
import static dev.overtone.parser.analysis.Schemas.id;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The join family on side tables that repeat a column (keyed on a foreign key, no primary key of
 * their own) and the aggregate family on precomputed tables, both ways, on AmbiQT-shaped schemas
 * made here.
 */
class SideTableAndPrecomputedTest {

    private final VariantGenerator generator = new VariantGenerator(NameSimilarity.LEXICAL_ONLY);

    private List<String> sqls(String sql, SchemaIndex schema, String question, String family) {
        return generator.generate(sql, schema, question, 20, Set.of(family)).stream().map(Variant::sql).toList();
    }

    /** A base table, a side table repeating one column, a precomputed table, and an unrelated child. */
    static SchemaIndex performers() {
        return SchemaIndex.of(Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("performer").addPrimaryKey("performer_id").addColumns(id("performer_id"))
                        .addColumns(col("name", TEXT, "Ann")).addColumns(col("country", TEXT, "France")).addColumns(col("age", INT, "30")))
                .addTables(Table.newBuilder().setName("performer_name").addColumns(col("performer_id", INT)).addColumns(col("name", TEXT, "Ann"))
                        .addForeignKeys(fk("performer_id", "performer", "performer_id")))
                .addTables(Table.newBuilder().setName("performer_age").addColumns(col("max_age", INT)).addColumns(col("min_age", INT))
                        .addColumns(col("avg_age", REAL)).addColumns(col("total_age", INT)).addColumns(col("country", TEXT, "France")))
                .addTables(Table.newBuilder().setName("gig").addColumns(col("performer_id", INT)).addColumns(col("venue", TEXT))
                        .addColumns(col("name", TEXT)).addForeignKeys(fk("performer_id", "performer", "performer_id")))
                .build());
    }

    @Test
    void aSideTableWithoutPrimaryKeyIsReadThroughTheJoinOnTheKey() {
        assertThat(sqls("SELECT name, country FROM performer", performers(), "names and countries of performers", Variant.JOIN))
                .containsExactly("SELECT performer_name.name, country FROM performer JOIN performer_name ON performer.performer_id = performer_name.performer_id");
        assertThat(sqls("SELECT T1.name FROM performer AS T1 WHERE T1.age > 20", performers(), "names of older performers", Variant.JOIN))
                .containsExactly("SELECT performer_name.name FROM performer AS T1 JOIN performer_name ON T1.performer_id = performer_name.performer_id WHERE T1.age > 20");
    }

    @Test
    void aForeignKeyColumnTheSideTableRepeatsIsReadThroughTheJoinToo() {
        SchemaIndex schema = SchemaIndex.of(Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("services").addPrimaryKey("service_id").addColumns(id("service_id")).addColumns(col("service_name", TEXT)))
                .addTables(Table.newBuilder().setName("events").addPrimaryKey("event_id").addColumns(id("event_id")).addColumns(col("service_id", INT))
                        .addColumns(col("event_details", TEXT)).addForeignKeys(fk("service_id", "services", "service_id")))
                .addTables(Table.newBuilder().setName("events_service_id").addColumns(col("event_id", INT)).addColumns(col("service_id", INT))
                        .addForeignKeys(fk("event_id", "events", "event_id")))
                .build());
        assertThat(sqls("SELECT service_id, event_details FROM events", schema, "service id and details of the events", Variant.JOIN))
                .containsExactly("SELECT events_service_id.service_id, event_details FROM events JOIN events_service_id ON events.event_id = events_service_id.event_id");
        // the key the side table is joined on stays where it is
        assertThat(sqls("SELECT event_id, event_details FROM events", schema, "ids and details", Variant.JOIN)).isEmpty();
    }

    @Test
    void aChildTableWithColumnsOfItsOwnIsNoSideTable() {
        // gig repeats "name" but also holds "venue", which performer lacks: a 1:N child, not a 1:1 side table
        assertThat(JoinFamily.extensions(performers())).extracting(JoinFamily.Extension::extension).containsExactly("performer_name");
        assertThat(sqls("SELECT age FROM performer", performers(), "ages", Variant.JOIN)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            SELECT avg(age) FROM performer WHERE country = 'France'            | average age of French performers | SELECT avg_age FROM performer_age WHERE country = 'France'
            SELECT max(age), min(age), country FROM performer GROUP BY country | oldest and youngest per country  | SELECT max_age, min_age, country FROM performer_age GROUP BY country
            SELECT sum(age) FROM performer                                     | total age                        | SELECT total_age FROM performer_age
            # inside an expression the column takes the aggregate's place as well
            SELECT max(age) - min(age) FROM performer                          | age range                        | SELECT max_age - min_age FROM performer_age
            """)
    void anAggregateIsReadFromThePrecomputedTableWithItsFilterKept(String sql, String question, String precomputed) {
        assertThat(sqls(sql, performers(), question, Variant.AGGREGATE)).containsExactly(precomputed);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            # filtered on a column the precomputed table was not grouped by
            SELECT avg(age) FROM performer WHERE name = 'Ann'       | average age of Ann
            # no precomputed count
            SELECT count(*) FROM performer WHERE country = 'France' | how many
            # nothing aggregated: nothing to read precomputed
            SELECT age FROM performer WHERE country = 'France'      | ages
            """)
    void noPrecomputedReadingWhenTheTableLacksAColumnOrTheAggregate(String sql, String question) {
        assertThat(sqls(sql, performers(), question, Variant.AGGREGATE)).isEmpty();
    }

    @Test
    void aPrecomputedReadIsAlsoOfferedComputedOverTheBaseTable() {
        assertThat(sqls("SELECT avg_age FROM performer_age WHERE country = 'France'", performers(), "average age in France", Variant.AGGREGATE))
                .containsExactly("SELECT AVG(age) FROM performer WHERE country = 'France'");
    }

    @Test
    void suffixNamesAndCountColumnsAreRecognised() {
        SchemaIndex schema = SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("shop").addPrimaryKey("id").addColumns(id("id")).addColumns(col("city", TEXT))
                        .addColumns(col("staff", INT)))
                .addTables(Table.newBuilder().setName("shop_stats").addColumns(col("city", TEXT)).addColumns(col("staff_max", INT))
                        .addColumns(col("number_of_shops", INT)))
                .build());
        assertThat(sqls("SELECT city, MAX(staff) FROM shop GROUP BY city", schema, "largest staff per city", Variant.AGGREGATE))
                .containsExactly("SELECT city, staff_max FROM shop_stats GROUP BY city");
        assertThat(sqls("SELECT city, count(*) FROM shop GROUP BY city", schema, "shops per city", Variant.AGGREGATE))
                .containsExactly("SELECT city, number_of_shops FROM shop_stats GROUP BY city");
    }

    @Test
    void bothFamiliesRankAmongTheFirstFourOfAllFamilies() {
        List<Variant> join = generator.generate("SELECT name, country FROM performer", performers(), "names and countries of performers", 4, Set.of());
        assertThat(join).extracting(Variant::family).contains(Variant.JOIN);
        List<Variant> agg = generator.generate("SELECT avg(age) FROM performer WHERE country = 'France'", performers(), "average age in France", 4, Set.of());
        assertThat(agg).extracting(Variant::family).contains(Variant.AGGREGATE);
    }

    @Test
    void aJoinToTheSideTableOnlyForARepeatedColumnIsAlsoReadWithoutIt() {
        assertThat(sqls("SELECT T1.age, T2.name FROM performer AS T1 JOIN performer_name AS T2 ON T1.performer_id = T2.performer_id",
                performers(), "ages and names", Variant.JOIN))
                .containsExactly("SELECT T1.age, T1.name FROM performer AS T1");
        // joined only in the ON clause (as after qualifying an ambiguous column with the base table)
        assertThat(sqls("SELECT T1.age, T1.name FROM performer AS T1 JOIN performer_name AS T2 ON T1.performer_id = T2.performer_id",
                performers(), "ages and names", Variant.JOIN))
                .containsExactly("SELECT T1.age, T1.name FROM performer AS T1");
        // the side table is needed for a column only it holds: no reading without it
        assertThat(sqls("SELECT T2.venue FROM performer AS T1 JOIN gig AS T2 ON T1.performer_id = T2.performer_id", performers(), "venues", Variant.JOIN))
                .isEmpty();
    }
}

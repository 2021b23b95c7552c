package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.Analysis;
import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlAnalyzer;

import dev.overtone.parser.service.EmbeddingNameSimilarity;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static dev.overtone.parser.analysis.Schemas.INT;
import static dev.overtone.parser.analysis.Schemas.REAL;
import static dev.overtone.parser.analysis.Schemas.TEXT;
import static dev.overtone.parser.analysis.Schemas.col;
import static dev.overtone.parser.analysis.Schemas.fk;
import static dev.overtone.parser.analysis.Schemas.id;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each family on a small schema of its own, including the cases where it must stay silent. */
class VariantGeneratorTest {

    private final VariantGenerator generator = new VariantGenerator(NameSimilarity.LEXICAL_ONLY);
    /** MiniLM closeness (in-process, loaded once for the class): "rating" is close to "score", not to "price". */
    private static final VariantGenerator MEANING = new VariantGenerator(new EmbeddingNameSimilarity(1000));

    private List<Variant> variants(String sql, SchemaIndex schema, String question, String family) {
        return generator.generate(sql, schema, question, 20, Set.of(family));
    }

    private static List<String> sqls(List<Variant> vs) {
        return vs.stream().map(Variant::sql).toList();
    }

    static SchemaIndex venues() {
        return SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("venues").addPrimaryKey("id").addColumns(id("id"))
                        .addColumns(col("name", TEXT, "Grand Hall")).addColumns(col("kind", TEXT, "Banquet Hall", "Conference Room"))
                        .addColumns(col("capacity", INT, "200")).addColumns(col("mean_price", REAL)).addColumns(col("median_price", REAL)))
                .build());
    }

    @Test
    void attachmentBracketsTheSharedConditionBothWays() {
        List<Variant> vs = variants("SELECT name FROM venues WHERE kind IN ('Banquet Hall', 'Conference Room') AND capacity = 200",
                venues(), "banquet halls and conference rooms for 200 people", Variant.ATTACHMENT);
        assertThat(sqls(vs)).contains(
                "SELECT name FROM venues WHERE kind = 'Banquet Hall' OR kind = 'Conference Room' AND capacity = 200",
                "SELECT name FROM venues WHERE kind = 'Banquet Hall' AND capacity = 200 OR kind = 'Conference Room'");
        assertThat(vs).allSatisfy(v -> assertThat(v.slotPath()).startsWith("where"));
    }

    @Test
    void attachmentAlsoShowsEachBracketingByTheRowsNames() {
        List<Variant> vs = variants("SELECT name, kind FROM venues WHERE kind IN ('Banquet Hall', 'Conference Room') AND capacity = 200",
                venues(), "banquet halls and conference rooms for 200 people", Variant.ATTACHMENT);
        assertThat(vs).filteredOn(v -> v.sql().equals("SELECT name, kind FROM venues WHERE kind = 'Banquet Hall' OR kind = 'Conference Room' AND capacity = 200"))
                .singleElement().extracting(Variant::description).isEqualTo("the condition applies only to the last of the listed alternatives");
        assertThat(vs).filteredOn(v -> v.sql().equals("SELECT name FROM venues WHERE kind = 'Banquet Hall' OR kind = 'Conference Room' AND capacity = 200"))
                .singleElement().extracting(Variant::description).isEqualTo("the condition applies only to the last of the listed alternatives, shown by name");
        assertThat(vs).filteredOn(v -> v.sql().equals("SELECT name FROM venues WHERE kind IN ('Banquet Hall', 'Conference Room') AND capacity = 200"))
                .singleElement().extracting(Variant::description).isEqualTo("the same rows, shown by name");
    }

    @Test
    void attachmentMovesAConditionSharedByAllUnionBranchesToTheLast() {
        List<Variant> vs = variants("SELECT name FROM venues WHERE kind = 'A' AND capacity = 200 UNION SELECT name FROM venues WHERE kind = 'B' AND capacity = 200",
                venues(), "A and B for 200", Variant.ATTACHMENT);
        assertThat(sqls(vs)).contains("SELECT name FROM venues WHERE kind = 'A' UNION SELECT name FROM venues WHERE kind = 'B' AND capacity = 200");
    }

    @Test
    void attachmentIsSilentWithoutAlternatives() {
        assertThat(variants("SELECT name FROM venues WHERE capacity = 200 AND kind = 'A'", venues(), "halls for 200", Variant.ATTACHMENT)).isEmpty();
    }

    static SchemaIndex startups() {
        return SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("startups").addPrimaryKey("id").addColumns(id("id")).addColumns(col("name", TEXT)))
                .addTables(Table.newBuilder().setName("jobs").addPrimaryKey("id").addColumns(id("id")).addColumns(col("title", TEXT)))
                .addTables(Table.newBuilder().setName("startup_jobs").addColumns(col("startup_id", INT)).addColumns(col("job_id", INT))
                        .addForeignKeys(fk("startup_id", "startups", "id")).addForeignKeys(fk("job_id", "jobs", "id")))
                .build());
    }

    @Test
    void scopeGivesTheCollectiveAndDistributiveReadings() {
        List<Variant> vs = variants("SELECT j.title FROM jobs j JOIN startup_jobs sj ON sj.job_id = j.id", startups(),
                "Which jobs does every startup have?", Variant.SCOPE);
        assertThat(sqls(vs)).contains(
                "SELECT jobs.title FROM startup_jobs JOIN jobs ON startup_jobs.job_id = jobs.id JOIN startups ON startup_jobs.startup_id = startups.id "
                        + "GROUP BY startup_jobs.job_id HAVING COUNT(DISTINCT startup_jobs.startup_id) = (SELECT COUNT(*) FROM startups)",
                "SELECT startups.name, jobs.title FROM startup_jobs JOIN jobs ON startup_jobs.job_id = jobs.id JOIN startups ON startup_jobs.startup_id = startups.id");
    }

    @Test
    void scopeIsSilentWithoutAQuantifierOrAJunction() {
        assertThat(variants("SELECT title FROM jobs", startups(), "Which jobs are there?", Variant.SCOPE)).isEmpty();
        assertThat(variants("SELECT name FROM venues", venues(), "name each venue", Variant.SCOPE)).isEmpty();
    }

    @Test
    void columnSwapsAndCombinesCloseSiblings() {
        List<Variant> vs = variants("SELECT name, mean_price FROM venues", venues(), "venues and their typical price", Variant.COLUMN);
        assertThat(sqls(vs)).contains("SELECT name, median_price FROM venues", "SELECT name, mean_price, median_price FROM venues");
        List<Variant> both = variants("SELECT name, mean_price, median_price FROM venues", venues(), "typical price", Variant.COLUMN);
        assertThat(sqls(both)).contains("SELECT name, mean_price FROM venues", "SELECT name, median_price FROM venues");
    }

    @Test
    void columnIsSilentWhenNoSiblingIsClose() {
        assertThat(variants("SELECT capacity FROM venues", venues(), "capacity of venues", Variant.COLUMN)).isEmpty();
    }

    /** The demo schema's shape (samples/hotels.sql): reviews and rooms are children of hotels. */
    static SchemaIndex demoHotels(boolean withMeasuredChildren) {
        Schema.Builder b = Schema.newBuilder()
                .addTables(Table.newBuilder().setName("hotels").addPrimaryKey("id").addColumns(id("id")).addColumns(col("name", TEXT))
                        .addColumns(col("city", TEXT)).addColumns(col("stars", INT)).addColumns(col("opened", TEXT)));
        if (withMeasuredChildren) {
            b.addTables(Table.newBuilder().setName("reviews").addPrimaryKey("id").addColumns(id("id")).addColumns(col("hotel_id", INT))
                    .addColumns(col("guest", TEXT)).addColumns(col("score", REAL)).addColumns(col("written", TEXT))
                    .addForeignKeys(fk("hotel_id", "hotels", "id")));
            b.addTables(Table.newBuilder().setName("rooms").addPrimaryKey("id").addColumns(id("id")).addColumns(col("hotel_id", INT))
                    .addColumns(col("kind", TEXT)).addColumns(col("capacity", INT)).addColumns(col("price", REAL))
                    .addForeignKeys(fk("hotel_id", "hotels", "id")));
        } else {
            b.addTables(Table.newBuilder().setName("notes").addPrimaryKey("id").addColumns(id("id")).addColumns(col("hotel_id", INT))
                    .addColumns(col("author", TEXT)).addColumns(col("body", TEXT)).addForeignKeys(fk("hotel_id", "hotels", "id")));
        }
        return SchemaIndex.of(b.build());
    }

    static final String AVERAGE_REVIEW_SCORE =
            "SELECT hotels.name, AVG(reviews.score) FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id GROUP BY hotels.id, hotels.name";

    @Test
    void columnReadsACloseMeasureOfAChildTableAveragedPerRow() {
        List<Variant> vs = MEANING.generate("SELECT name, stars FROM hotels", demoHotels(true), "return the rating of each hotel", 8, Set.of());
        Variant reviews = vs.stream().filter(v -> v.sql().equals(AVERAGE_REVIEW_SCORE)).findFirst().orElseThrow(() -> new AssertionError(sqls(vs)));
        assertThat(reviews.family()).isEqualTo(Variant.COLUMN);
        assertThat(reviews.slotPath()).isEqualTo("select[1]");
        assertThat(reviews.description()).isEqualTo("the average score of its reviews instead of the stars");
        // the rooms' capacity and price are numeric children too, but neither named nor asked like the stars
        assertThat(sqls(vs)).noneMatch(sql -> sql.contains("rooms"));
        // aliases and ORDER BY follow the swap
        assertThat(sqls(MEANING.generate("SELECT h.name, h.stars FROM hotels h ORDER BY h.stars DESC", demoHotels(true),
                "hotels by rating", 8, Set.of(Variant.COLUMN))))
                .contains("SELECT h.name, AVG(reviews.score) FROM hotels h JOIN reviews ON reviews.hotel_id = h.id GROUP BY h.id, h.name ORDER BY AVG(reviews.score) DESC");
    }

    @Test
    void columnOffersNoChildMeasureWhenTheChildHasNoneOrTheQueryIsAggregated() {
        assertThat(sqls(MEANING.generate("SELECT name, stars FROM hotels", demoHotels(false), "return the rating of each hotel", 8, Set.of())))
                .noneMatch(sql -> sql.contains("JOIN"));
        // already grouped or aggregated: no base row to attach a per-row measure to
        assertThat(sqls(MEANING.generate("SELECT city, AVG(stars) FROM hotels GROUP BY city", demoHotels(true), "average rating per city", 8,
                Set.of(Variant.COLUMN)))).noneMatch(sql -> sql.contains("reviews"));
        assertThat(sqls(MEANING.generate("SELECT MAX(stars) FROM hotels", demoHotels(true), "the best rating", 8, Set.of(Variant.COLUMN))))
                .noneMatch(sql -> sql.contains("reviews"));
        // the question names the shown measure itself, or the shown column is the key the children reference
        assertThat(sqls(MEANING.generate("SELECT name, stars FROM hotels", demoHotels(true), "return the stars of each hotel", 8,
                Set.of(Variant.COLUMN)))).noneMatch(sql -> sql.contains("reviews"));
        assertThat(sqls(MEANING.generate("SELECT name, id FROM hotels", demoHotels(true), "the rating of each hotel", 8,
                Set.of(Variant.COLUMN)))).noneMatch(sql -> sql.contains("reviews"));
        // filtered on the measure: the reading would need HAVING, not offered
        assertThat(sqls(MEANING.generate("SELECT name, stars FROM hotels WHERE stars >= 4", demoHotels(true), "well rated hotels", 8,
                Set.of(Variant.COLUMN)))).noneMatch(sql -> sql.contains("reviews"));
    }

    @Test
    void columnNeverSumsOrAveragesAKeyInsteadOfAQuantity() {
        // every name counts as close, so only the rule keeps the primary key out
        VariantGenerator everythingClose = new VariantGenerator((x, y) -> 1.0);
        List<String> averaged = sqls(everythingClose.generate(AVERAGE_REVIEW_SCORE, demoHotels(true), "the average review score of each hotel",
                20, Set.of(Variant.COLUMN)));
        assertThat(averaged).isNotEmpty().noneMatch(sql -> sql.contains("AVG(reviews.id)"));
        assertThat(sqls(everythingClose.generate("SELECT SUM(price) FROM rooms", demoHotels(true), "the total price of the rooms", 20,
                Set.of(Variant.COLUMN)))).isNotEmpty().noneMatch(sql -> sql.contains("SUM(id)"));
        // a plain column may still be read as the key that names its row
        assertThat(sqls(everythingClose.generate("SELECT guest, score FROM reviews", demoHotels(true), "each review's score", 20,
                Set.of(Variant.COLUMN)))).contains("SELECT guest, id FROM reviews");
    }

    static SchemaIndex chefs() {
        return SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("head_chef").addPrimaryKey("chef_id").addColumns(id("chef_id"))
                        .addColumns(col("full_name", TEXT)).addColumns(col("salary", INT)))
                .addTables(Table.newBuilder().setName("sous_chef").addPrimaryKey("sous_id").addColumns(id("sous_id"))
                        .addColumns(col("full_name", TEXT)).addColumns(col("salary", INT)))
                .addTables(Table.newBuilder().setName("dishes").addPrimaryKey("id").addColumns(id("id")).addColumns(col("title", TEXT)))
                .build());
    }

    @Test
    void tableProposesSiblingTablesWithKeysMapped() {
        List<Variant> vs = variants("SELECT c.full_name FROM head_chef c WHERE c.chef_id = 3", chefs(), "the chef number 3", Variant.TABLE);
        assertThat(sqls(vs)).containsExactly("SELECT c.full_name FROM sous_chef c WHERE c.sous_id = 3");
        assertThat(variants("SELECT title FROM dishes", chefs(), "dishes", Variant.TABLE)).isEmpty();
    }

    static SchemaIndex partitioned() {
        return SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("players").addPrimaryKey("id").addColumns(id("id")).addColumns(col("name", TEXT))
                        .addColumns(col("rating", INT)))
                .addTables(Table.newBuilder().setName("player_stats").addPrimaryKey("id").addColumns(id("id")).addColumns(col("rating", INT))
                        .addForeignKeys(fk("id", "players", "id")))
                .addTables(Table.newBuilder().setName("teams").addPrimaryKey("team").addColumns(id("team")).addColumns(col("avg_rating", REAL)))
                .addTables(Table.newBuilder().setName("members").addColumns(col("team", TEXT)).addColumns(col("rating", INT)))
                .build());
    }

    @Test
    void joinReadsAColumnThroughAOneToOneExtension() {
        List<Variant> vs = variants("SELECT name, rating FROM players", partitioned(), "player ratings", Variant.JOIN);
        assertThat(sqls(vs)).containsExactly("SELECT name, player_stats.rating FROM players JOIN player_stats ON players.id = player_stats.id");
        assertThat(variants("SELECT name FROM players", partitioned(), "player names", Variant.JOIN)).isEmpty();
    }

    @Test
    void aggregateReadsAPrecomputedValue() {
        List<Variant> vs = variants("SELECT team, AVG(rating) FROM members GROUP BY team", partitioned(), "average rating per team", Variant.AGGREGATE);
        assertThat(sqls(vs)).containsExactly("SELECT team, avg_rating FROM teams GROUP BY team");
        assertThat(variants("SELECT team, MAX(rating) FROM members GROUP BY team", partitioned(), "best rating per team", Variant.AGGREGATE)).isEmpty();
    }

    @Test
    void outputIsBoundedRankedAndDeduplicated() {
        List<Variant> vs = generator.generate("SELECT name, mean_price FROM venues WHERE kind IN ('A', 'B') AND capacity = 200", venues(),
                "A and B rooms and their price", 3, Set.of());
        assertThat(vs).hasSizeLessThanOrEqualTo(3);
        assertThat(vs).extracting(Variant::score).isSortedAccordingTo((a, b) -> Double.compare(b, a));
        assertThat(vs.stream().map(Variant::sql).distinct().count()).isEqualTo(vs.size());
    }

    @Test
    void everyVariantCarriesTheAnalysisItsSqlGivesWhenParsedAfresh() {
        record Case(String sql, SchemaIndex schema, String question) {
        }
        List<Case> cases = List.of(
                new Case("SELECT name, mean_price FROM venues WHERE kind IN ('A', 'B') AND capacity = 200", venues(), "A and B rooms and their price"),
                new Case("SELECT name, rating FROM players", partitioned(), "player ratings"),
                new Case("SELECT team, AVG(rating) FROM members GROUP BY team", partitioned(), "average rating per team"),
                new Case("SELECT c.full_name FROM head_chef c WHERE c.chef_id = 3", chefs(), "the chef number 3"),
                // a column added to a grouped query is grouped by too: two places, two nodes
                new Case("SELECT t.type FROM tools t JOIN engineer_tools et ON et.tool_id = t.tool_id GROUP BY t.type",
                        ProjectionFamilyTest.tools(), "the types and tool names in use"));
        SqlAnalyzer analyzer = new SqlAnalyzer();
        int checked = 0;
        for (Case c : cases) {
            for (Variant v : generator.generate(c.sql(), c.schema(), c.question(), 20, Set.of())) {
                Analysis afresh = analyzer.analyze(v.sql(), c.schema());
                assertThat(v.analysis().slots()).as(v.sql()).isEqualTo(afresh.slots());
                assertThat(v.analysis().canonicalSql()).isEqualTo(afresh.canonicalSql()).isEqualTo(v.sql());
                assertThat(v.analysis().unknownNames()).isEqualTo(afresh.unknownNames());
                assertThat(v.rewritten()).as("the tree is not kept once analysed").isNull();
                checked++;
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(cases.size());
    }

    @Test
    void unknownFamilyIsRejected() {
        assertThatThrownBy(() -> generator.generate("SELECT name FROM venues", venues(), "", 3, Set.of("magic")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("magic");
    }

    @Test
    void theFamiliesAreTheContractsEveryOneAcceptedAndNoOther() {
        Set<String> made = new HashSet<>(VariantGenerator.families().keySet());
        made.add(Variant.COMBINATION);
        assertThat(made).containsExactlyInAnyOrderElementsOf(VariantGenerator.CONTRACT_FAMILIES.names());
        for (String family : VariantGenerator.CONTRACT_FAMILIES.names()) {
            assertThat(generator.generate("SELECT name FROM venues", venues(), "", 3, Set.of(family))).isNotNull();
        }
    }
}

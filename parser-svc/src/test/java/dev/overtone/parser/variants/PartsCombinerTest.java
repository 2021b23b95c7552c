package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.ParsedQueries;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.overtone.parser.analysis.Schemas.INT;
import static dev.overtone.parser.analysis.Schemas.TEXT;
import static dev.overtone.parser.analysis.Schemas.col;
import static dev.overtone.parser.analysis.Schemas.id;
import static org.assertj.core.api.Assertions.assertThat;

/** Combinations: two readings that each list a part of the answer, put together as one list by name. */
class PartsCombinerTest {

    private final PartsCombiner combiner = new PartsCombiner(NameSimilarity.LEXICAL_ONLY);

    static SchemaIndex lodging() {
        return SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("chalets").addPrimaryKey("id").addColumns(id("id"))
                        .addColumns(col("chalet_name", TEXT, "Pine")).addColumns(col("price_per_night", INT, "200")))
                .addTables(Table.newBuilder().setName("cabins").addPrimaryKey("id").addColumns(id("id"))
                        .addColumns(col("cabin_name", TEXT, "Oak")).addColumns(col("price_per_night", INT, "200")))
                .addTables(Table.newBuilder().setName("staff").addPrimaryKey("id").addColumns(id("id"))
                        .addColumns(col("full_name", TEXT, "Alex Poe")).addColumns(col("position", TEXT, "Bartender", "Sommelier")))
                .build());
    }

    private List<List<Variant>> combine(String question, String... sqls) {
        SchemaIndex schema = lodging();
        return combiner.combine(List.of(sqls), sqls.length, new ParsedQueries(schema), question, 3);
    }

    private static List<String> all(List<List<Variant>> combined) {
        return combined.stream().flatMap(List::stream).map(Variant::sql).toList();
    }

    @Test
    void partsOfDifferentTablesAreListedTogetherByNameEachWithItsOwnConditions() {
        List<List<Variant>> combined = combine("List all chalets and also cabins that cost $200 per night.",
                "SELECT * FROM chalets", "SELECT cabin_name, price_per_night FROM cabins WHERE price_per_night = 200");
        assertThat(combined.get(0)).extracting(Variant::sql)
                .containsExactly("SELECT chalet_name FROM chalets UNION SELECT cabin_name FROM cabins WHERE price_per_night = 200");
        assertThat(combined.get(0).get(0).family()).isEqualTo(Variant.COMBINATION);
        assertThat(combined.get(0).get(0).analysis()).isNotNull();
        assertThat(combined.get(1)).isEmpty();
    }

    @Test
    void partsOfOneTableMustEachNameAValueTheOtherDoesNot() {
        assertThat(all(combine("sommeliers named Alex and bartenders named Alex",
                "SELECT full_name FROM staff WHERE position = 'Bartender' AND full_name LIKE 'Alex %'",
                "SELECT full_name FROM staff WHERE position = 'Sommelier' AND full_name LIKE 'Alex %'")))
                .containsExactly("SELECT full_name FROM staff WHERE position = 'Bartender' AND full_name LIKE 'Alex %' "
                        + "UNION SELECT full_name FROM staff WHERE position = 'Sommelier' AND full_name LIKE 'Alex %'");
        // one reading narrows the other: their union is the wider one, no new reading
        assertThat(all(combine("bartenders and sommeliers named Alex",
                "SELECT full_name FROM staff WHERE position IN ('Bartender', 'Sommelier')",
                "SELECT full_name FROM staff WHERE position = 'Bartender'"))).isEmpty();
    }

    @Test
    void nothingIsCombinedWithoutListingWordsOrFromGroupingsAndUnions() {
        assertThat(all(combine("the chalets that cost $200 per night",
                "SELECT chalet_name FROM chalets", "SELECT cabin_name FROM cabins WHERE price_per_night = 200"))).isEmpty();
        assertThat(all(combine("chalets and cabins",
                "SELECT price_per_night, COUNT(*) FROM chalets GROUP BY price_per_night", "SELECT cabin_name FROM cabins"))).isEmpty();
        assertThat(all(combine("chalets and cabins",
                "SELECT chalet_name FROM chalets UNION SELECT cabin_name FROM cabins", "SELECT cabin_name FROM cabins"))).isEmpty();
    }

    @Test
    void thePairWhoseTablesTheQuestionNamesComesFirstAndScoresHigher() {
        SchemaIndex schema = lodging();
        List<String> sqls = List.of("SELECT full_name FROM staff WHERE position = 'Bartender'", "SELECT chalet_name FROM chalets",
                "SELECT cabin_name FROM cabins");
        List<Variant> best = combiner.combine(sqls, sqls.size(), new ParsedQueries(schema), "the chalets and the cabins", 1)
                .stream().flatMap(List::stream).toList();
        assertThat(best).extracting(Variant::sql).containsExactly("SELECT chalet_name FROM chalets UNION SELECT cabin_name FROM cabins");
        List<Variant> all = combiner.combine(sqls, sqls.size(), new ParsedQueries(schema), "the chalets and the cabins", 3)
                .stream().flatMap(List::stream).toList();
        assertThat(all).hasSize(3);
        assertThat(best.get(0).score()).isGreaterThan(all.stream().filter(v -> v.sql().contains("staff")).mapToDouble(Variant::score).max().orElseThrow());
    }

    @Test
    void aPartnerIsOnlyEverTheSecondPartOfASourcesCombination() {
        SchemaIndex schema = lodging();
        List<String> sqls = List.of("SELECT chalet_name FROM chalets", "SELECT cabin_name FROM cabins",
                "SELECT full_name FROM staff WHERE position = 'Bartender'");
        List<List<Variant>> combined = combiner.combine(sqls, 1, new ParsedQueries(schema), "chalets, cabins and bartenders", 3);
        assertThat(combined).hasSize(1);
        assertThat(combined.get(0)).extracting(Variant::sql).containsExactlyInAnyOrder(
                "SELECT chalet_name FROM chalets UNION SELECT cabin_name FROM cabins",
                "SELECT chalet_name FROM chalets UNION SELECT full_name FROM staff WHERE position = 'Bartender'");
    }

    @Test
    void theBoundAndTheSourcesOwnFormsAreRespected() {
        SchemaIndex schema = lodging();
        List<String> sqls = List.of("SELECT chalet_name FROM chalets", "SELECT cabin_name FROM cabins",
                "SELECT full_name FROM staff WHERE position = 'Bartender'");
        assertThat(all(combiner.combine(sqls, sqls.size(), new ParsedQueries(schema), "chalets and cabins and bartenders", 2))).hasSize(2);
        assertThat(all(combiner.combine(sqls, sqls.size(), new ParsedQueries(schema), "chalets and cabins and bartenders", 0))).isEmpty();
        // a source's own ';' or comment does not cut the union short
        assertThat(all(combine("chalets and cabins", "SELECT chalet_name FROM chalets -- every chalet", "SELECT cabin_name FROM cabins;")))
                .containsExactly("SELECT chalet_name FROM chalets UNION SELECT cabin_name FROM cabins");
        // a source that does not parse is no part, and the others still combine
        assertThat(all(combine("chalets and cabins", "SELEC nonsense", "SELECT chalet_name FROM chalets", "SELECT cabin_name FROM cabins")))
                .containsExactly("SELECT chalet_name FROM chalets UNION SELECT cabin_name FROM cabins");
    }
}

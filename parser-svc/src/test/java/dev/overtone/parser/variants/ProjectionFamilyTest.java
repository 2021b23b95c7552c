package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.SchemaIndex;

import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
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

/** The projection family: columns added, dropped or identified only where the question's words say so. */
class ProjectionFamilyTest {

    private final VariantGenerator generator = new VariantGenerator(NameSimilarity.LEXICAL_ONLY);

    private List<String> sqls(String sql, SchemaIndex schema, String question) {
        return generator.generate(sql, schema, question, 20, Set.of(Variant.PROJECTION)).stream().map(Variant::sql).toList();
    }

    static SchemaIndex procedures() {
        return SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("procedures").addPrimaryKey("procedure_id").addColumns(id("procedure_id"))
                        .addColumns(col("description", TEXT, "Appendectomy")).addColumns(col("insurance_covered", REAL))
                        .addColumns(col("out_of_pocket_expense", REAL)).addColumns(col("time_required", INT)))
                .build());
    }

    static SchemaIndex tools() {
        return SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("engineers").addPrimaryKey("id").addColumns(id("id")).addColumns(col("name", TEXT, "Ann")))
                .addTables(Table.newBuilder().setName("tools").addPrimaryKey("tool_id").addColumns(id("tool_id"))
                        .addColumns(col("tool_name", TEXT, "Radar")).addColumns(col("type", TEXT, "hardware")))
                .addTables(Table.newBuilder().setName("engineer_tools").addColumns(col("engineer_id", INT)).addColumns(col("tool_id", INT))
                        .addForeignKeys(fk("engineer_id", "engineers", "id")).addForeignKeys(fk("tool_id", "tools", "tool_id")))
                .build());
    }

    static SchemaIndex airports() {
        return SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("airports").addPrimaryKey("id").addColumns(id("id")).addColumns(col("name", TEXT, "Logan"))
                        .addColumns(col("city", TEXT, "Boston")).addColumns(col("state", TEXT, "MA")).addColumns(col("website", TEXT))
                        .addColumns(col("year_established", INT)))
                .build());
    }

    @Test
    void aSortKeyTheQuestionNamesIsShown() {
        assertThat(sqls("SELECT description FROM procedures ORDER BY out_of_pocket_expense DESC", procedures(),
                "In descending order of out of pocket expenses, list the procedures."))
                .contains("SELECT description, procedures.out_of_pocket_expense FROM procedures ORDER BY out_of_pocket_expense DESC");
    }

    @Test
    void aNamedColumnOfAJoinedTableIsAddedAndGroupedBy() {
        assertThat(sqls("SELECT e.name, t.type FROM engineers e JOIN engineer_tools et ON e.id = et.engineer_id JOIN tools t ON et.tool_id = t.tool_id",
                tools(), "For all engineers, give the names and types of tools they use."))
                .contains("SELECT e.name, t.type, t.tool_name FROM engineers e JOIN engineer_tools et ON e.id = et.engineer_id JOIN tools t ON et.tool_id = t.tool_id");
        assertThat(sqls("SELECT t.type FROM tools t JOIN engineer_tools et ON et.tool_id = t.tool_id GROUP BY t.type",
                tools(), "the types and tool names in use"))
                .contains("SELECT t.type, t.tool_name FROM tools t JOIN engineer_tools et ON et.tool_id = t.tool_id GROUP BY t.type, t.tool_name");
    }

    @Test
    void aColumnTheQueryFiltersOnIsNotAdded() {
        assertThat(sqls("SELECT name FROM airports WHERE city = 'Boston'", airports(), "names of the airports in the city of Boston"))
                .noneMatch(s -> s.startsWith("SELECT name, airports.city"));
    }

    @Test
    void shownColumnsTheQuestionDoesNotNameAreDropped() {
        assertThat(sqls("SELECT description, insurance_covered, out_of_pocket_expense, time_required FROM procedures ORDER BY out_of_pocket_expense DESC",
                procedures(), "In descending order of out of pocket expenses and insurance covered, list the procedures."))
                .contains("SELECT description, insurance_covered, out_of_pocket_expense FROM procedures ORDER BY out_of_pocket_expense DESC");
    }

    @Test
    void theNameColumnIsKeptEvenWhenTheQuestionCallsTheRowsOtherwise() {
        // "drugs" is not the table's name, but the name column still says which row each is
        assertThat(sqls("SELECT name, city, website FROM airports", airports(), "List all places we fly from, their websites."))
                .contains("SELECT name, website FROM airports")
                .noneMatch(s -> s.equals("SELECT website FROM airports"));
    }

    @Test
    void nothingIsDroppedWhenTheQuestionNamesNoShownColumn() {
        assertThat(sqls("SELECT city, state FROM airports", airports(), "Show all the places we fly from."))
                .isEmpty();
    }

    @Test
    void aListingOfANamedTablesRowsGetsItsKeyAndName() {
        assertThat(sqls("SELECT id, state, website FROM airports WHERE year_established < 1950", airports(),
                "List the airports established before 1950, including their ids, states and websites."))
                .contains("SELECT name, id, state, website FROM airports WHERE year_established < 1950");
        assertThat(sqls("SELECT name, city, website FROM airports", airports(), "List all airports, including their names, cities and websites."))
                .contains("SELECT id, name, city, website FROM airports");
    }

    @Test
    void aSingleAttributeOrAnAggregateIsLeftAlone() {
        assertThat(sqls("SELECT name FROM airports", airports(), "names of the airports")).isEmpty();
        // the question asks for a value per airport, not a listing of airports with their attributes
        assertThat(sqls("SELECT name, state FROM airports", airports(), "return the region of each airport")).isEmpty();
        assertThat(sqls("SELECT state, COUNT(*) FROM airports GROUP BY state", airports(), "how many airports per state, with their names")).isEmpty();
        assertThat(sqls("SELECT * FROM airports", airports(), "airports with their names")).isEmpty();
    }

    @Test
    void attachmentShowsTheRowsOfAUnionByNameEvenWithoutAConditionToMove() {
        List<String> vs = generator.generate("SELECT * FROM airports WHERE state = 'MA' UNION SELECT * FROM airports WHERE city = 'Austin'",
                airports(), "Show the airports in MA and the ones in Austin", 20, Set.of(Variant.ATTACHMENT)).stream().map(Variant::sql).toList();
        assertThat(vs).contains("SELECT name FROM airports WHERE state = 'MA' UNION SELECT name FROM airports WHERE city = 'Austin'");
    }
}

package dev.overtone.parser.variants;

import static dev.overtone.parser.analysis.Schemas.INT;
import static dev.overtone.parser.analysis.Schemas.TEXT;
import static dev.overtone.parser.analysis.Schemas.col;
import static dev.overtone.parser.analysis.Schemas.id;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The table family alone: a sibling table of mostly the same columns read instead, keys mapped, literals left. */
class TableFamilyTest {
    private static final TableFamily FAMILY = new TableFamily();

    /** Chefs of two kinds; the head chefs alone earn tips. */
    private static SchemaIndex chefsWithTips() {
        return SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("head_chef").addPrimaryKey("chef_id").addColumns(id("chef_id"))
                        .addColumns(col("full_name", TEXT)).addColumns(col("salary", INT)).addColumns(col("tips", INT)))
                .addTables(Table.newBuilder().setName("sous_chef").addPrimaryKey("sous_id").addColumns(id("sous_id"))
                        .addColumns(col("full_name", TEXT)).addColumns(col("salary", INT)))
                .addTables(Table.newBuilder().setName("dishes").addPrimaryKey("id").addColumns(id("id"))
                        .addColumns(col("title", TEXT)))
                .build());
    }

    @Test
    void theSiblingIsReadInSubqueriesTooAndALiteralNamingTheTableIsLeft() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT full_name FROM head_chef WHERE full_name <> 'head_chef'"
                + " AND salary > (SELECT AVG(salary) FROM head_chef)", chefsWithTips(), "well paid chefs");

        assertThat(proposed).extracting(Variant::sql).containsExactly("SELECT full_name FROM sous_chef WHERE full_name"
                + " <> 'head_chef' AND salary > (SELECT AVG(salary) FROM sous_chef)");
        assertThat(proposed.get(0).family()).isEqualTo(Variant.TABLE);
        assertThat(proposed.get(0).slotPath()).isEqualTo("from[0]");
        assertThat(proposed.get(0).description()).isEqualTo("the sous chef instead of the head chef");
    }

    @Test
    void aKeyReadThroughAQualifierIsMappedOntoTheSiblingsKey() {
        assertThat(FamilyProposals.sqls(FAMILY, "SELECT h.full_name FROM head_chef h WHERE h.chef_id = 3",
                chefsWithTips(), "chef number 3")).containsExactly("SELECT h.full_name FROM sous_chef h WHERE h.sous_id = 3");
    }

    @Test
    void aColumnTheSiblingLacksOrATableOfOtherColumnsProposesNothing() {
        assertThat(FamilyProposals.of(FAMILY, "SELECT full_name, tips FROM head_chef", chefsWithTips(), "chef tips"))
                .isEmpty();
        assertThat(FamilyProposals.of(FAMILY, "SELECT title FROM dishes", chefsWithTips(), "dishes")).isEmpty();
    }
}

package dev.overtone.parser.variants;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.Schemas;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A shown measure read as a close measure of a child table averaged per row, called directly: only when the question
 * asks for the child's measure more than for the shown one, only for a plain one-table query that shows the measure
 * alone, and never for an identifier.
 */
class ChildMeasuresTest {

    /** Hotels with stars; their reviews, by hotel_id, with a star score and a stay length. */
    private static SchemaIndex hotels() {
        return SchemaIndex.of(Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("hotels").addPrimaryKey("id").addColumns(Schemas.id("id"))
                        .addColumns(Schemas.col("name", Schemas.TEXT)).addColumns(Schemas.col("stars", Schemas.INT))
                        .addColumns(Schemas.col("owner_id", Schemas.INT)))
                .addTables(Table.newBuilder().setName("reviews").addPrimaryKey("id").addColumns(Schemas.id("id"))
                        .addColumns(Schemas.col("hotel_id", Schemas.INT)).addColumns(Schemas.col("star_score", Schemas.REAL))
                        .addColumns(Schemas.col("nights", Schemas.INT))
                        .addForeignKeys(Schemas.fk("hotel_id", "hotels", "id")))
                .build());
    }

    @Test
    void aQuestionThatAsksForTheChildsMeasureGetsItAveragedPerRow() {
        List<Variant> proposed = propose("SELECT name, stars FROM hotels", 1, "stars", "the average review score of each hotel");

        assertThat(proposed).singleElement().satisfies(v -> {
            assertThat(v.slotPath()).isEqualTo("select[1]");
            assertThat(v.description()).isEqualTo("the average star score of its reviews instead of the stars");
            assertThat(v.sql()).contains("AVG(reviews.star_score)", "JOIN reviews ON reviews.hotel_id = hotels.id", "GROUP BY");
        });
    }

    @Test
    void aQuestionThatDoesNotAskForItGetsNothing() {
        assertThat(propose("SELECT name, stars FROM hotels", 1, "stars", "the stars of each hotel")).isEmpty();
    }

    @Test
    void aQueryThatJoinsOrUsesTheMeasureElsewhereOrAnIdentifierGetsNothing() {
        String asked = "the average review score of each hotel";
        assertThat(propose("SELECT name, stars FROM hotels WHERE stars > 3", 1, "stars", asked)).as("used in WHERE").isEmpty();
        assertThat(propose("SELECT hotels.name, stars FROM hotels JOIN reviews ON reviews.hotel_id = hotels.id", 1, "stars", asked))
                .as("a join").isEmpty();
        assertThat(propose("SELECT name, owner_id FROM hotels", 1, "owner_id", "the average review owner score of each hotel"))
                .as("an identifier").isEmpty();
    }

    private static List<Variant> propose(String sql, int index, String column, String question) {
        return ChildMeasures.propose(FamilyProposals.context(sql, hotels(), question), index, "hotels", column);
    }
}

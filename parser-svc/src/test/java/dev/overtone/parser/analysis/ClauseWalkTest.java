package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.proto.v1.SlotKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One SELECT walked clause by clause: a slot per clause element in the outer query with the schema elements it uses,
 * the kind of each join, the direction of each ordering, the branches of a set operation, and no slot for what a
 * subquery or an unslotted walk holds, though its names are still resolved.
 */
class ClauseWalkTest {

    @Test
    void eachJoinIsSlottedWithItsKindItsConditionAndItsSharedColumns() {
        ClauseWalk walk = walked("SELECT h.name FROM hotels h LEFT JOIN reviews r ON r.hotel_id = h.id JOIN reviews USING (id)");

        assertThat(slot(walk, "from[0]")).isEqualTo(new Analysis.SlotValue("from[0]", SlotKind.SLOT_KIND_FROM, "hotels",
                "reads hotels", List.of("hotels")));
        assertThat(slot(walk, "join[1]").value()).isEqualTo("LEFT JOIN reviews");
        assertThat(slot(walk, "join[1]").schemaElements()).containsExactly("reviews");
        assertThat(slot(walk, "join[1]/on").value()).isEqualTo("reviews.hotel_id = hotels.id");
        assertThat(slot(walk, "join[1]/on").schemaElements()).containsExactly("reviews.hotel_id", "hotels.id");
        assertThat(slot(walk, "join[2]").value()).isEqualTo("JOIN reviews");
        assertThat(slot(walk, "join[2]/using").value()).isEqualTo("id");
        assertThat(slot(walk, "join[2]/using").label()).isEqualTo("joined on shared columns");
    }

    @Test
    void anAggregateGroupingHavingOrderingAndLimitEachGetTheirSlot() {
        ClauseWalk walk = walked("SELECT DISTINCT city, AVG(stars) FROM hotels GROUP BY city HAVING COUNT(*) > 1 "
                + "ORDER BY city DESC, 2 LIMIT 10, 5");

        assertThat(walk.slots).extracting(Analysis.SlotValue::path).containsExactly("distinct", "select[0]", "select[1]",
                "select[1]/aggregate", "from[0]", "group_by[0]", "having", "order_by[0]", "order_by[1]", "limit");
        assertThat(slot(walk, "select[1]/aggregate").value()).isEqualTo("AVG");
        assertThat(slot(walk, "select[1]/aggregate").schemaElements()).containsExactly("hotels.stars");
        assertThat(slot(walk, "group_by[0]").schemaElements()).containsExactly("hotels.city");
        assertThat(slot(walk, "order_by[0]").value()).isEqualTo("hotels.city DESC");
        assertThat(slot(walk, "order_by[0]").label()).endsWith(", highest first");
        assertThat(slot(walk, "order_by[1]").value()).isEqualTo("2 ASC");
        assertThat(slot(walk, "order_by[1]").label()).endsWith(", lowest first");
        assertThat(slot(walk, "limit").value()).isEqualTo("5 OFFSET 10");
    }

    @Test
    void aConditionIsSlottedPerConjunctAndASubqueryInItOnlyResolvesItsNames() {
        ClauseWalk walk = walked("SELECT name FROM hotels WHERE stars > 3 AND id IN (SELECT hotel_id FROM reviews WHERE score > 8)");

        assertThat(walk.slots).extracting(Analysis.SlotValue::path)
                .containsExactly("select[0]", "from[0]", "where/and[0]", "where/and[1]");
        assertThat(slot(walk, "where/and[1]").schemaElements()).as("the outer condition's own columns only")
                .containsExactly("hotels.id");
        assertThat(walk.names.columnClauses).containsKeys("reviews\u0000hotel_id", "reviews\u0000score");
    }

    @Test
    void theBranchesOfASetOperationArePrefixedAndItsOrderingHasNoElements() {
        ClauseWalk walk = walked("SELECT name FROM hotels WHERE city = 'Rome' UNION ALL SELECT name FROM hotels ORDER BY name LIMIT 3");

        assertThat(walk.slots).extracting(Analysis.SlotValue::path).containsExactly("set[0]/select[0]", "set[0]/from[0]",
                "set[0]/where", "set[1]/select[0]", "set[1]/from[0]", "set_operation", "order_by[0]", "limit");
        assertThat(slot(walk, "set_operation").value()).isEqualTo("UNION ALL");
        assertThat(slot(walk, "order_by[0]").schemaElements()).isEmpty();
    }

    @Test
    void anUnslottedWalkGivesNoSlotButResolvesEveryName() {
        ClauseWalk walk = new ClauseWalk(Schemas.hotels());
        walk.select(QueryParser.parse("SELECT name FROM hotels WHERE stars > 3 ORDER BY city", Schemas.hotels()), null, "", false);

        assertThat(walk.slots).isEmpty();
        assertThat(walk.names.columnClauses).containsOnlyKeys("hotels\u0000name", "hotels\u0000stars", "hotels\u0000city");
        assertThat(walk.names.columnClauses.get("hotels\u0000city")).containsExactly("order_by");
    }

    private static ClauseWalk walked(String sql) {
        ClauseWalk walk = new ClauseWalk(Schemas.hotels());
        walk.select(QueryParser.parse(sql, Schemas.hotels()), null, "", true);
        return walk;
    }

    private static Analysis.SlotValue slot(ClauseWalk walk, String path) {
        return walk.slots.stream().filter(s -> s.path().equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError("no slot " + path + " in " + walk.slots));
    }
}

package dev.overtone.parser.variants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.Schemas;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The column family alone: a shown column's siblings (same table, compatible type, close by name or holding the same
 * values, never a key that links tables) swapped in or shown beside it, at most two of them; two siblings both shown
 * each kept alone; and a sibling that holds the same values crowding out those close by name only.
 */
class ColumnFamilyTest {
    private static final ColumnFamily FAMILY = new ColumnFamily();

    /** Staff with three names, a city, and the office they belong to by its code. */
    private static SchemaIndex staff() {
        return SchemaIndex.of(Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("offices").addPrimaryKey("code").addColumns(Schemas.col("code", Schemas.TEXT))
                        .addColumns(Schemas.col("office_name", Schemas.TEXT)))
                .addTables(Table.newBuilder().setName("staff").addPrimaryKey("id").addColumns(Schemas.id("id"))
                        .addColumns(Schemas.col("first_name", Schemas.TEXT)).addColumns(Schemas.col("last_name", Schemas.TEXT))
                        .addColumns(Schemas.col("nick_name", Schemas.TEXT)).addColumns(Schemas.col("city", Schemas.TEXT))
                        .addColumns(Schemas.col("office_code", Schemas.TEXT)).addColumns(Schemas.col("office_name", Schemas.TEXT))
                        .addForeignKeys(Schemas.fk("office_code", "offices", "code")))
                .build());
    }

    @Test
    void aShownColumnsSiblingsCloseByNameAreSwappedInOrShownBesideIt() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT first_name FROM staff", staff(), "the name of each member of staff");

        assertThat(proposed).extracting(Variant::description).containsExactly(
                "the last name instead of the first name", "both the first name and the last name",
                "the nick name instead of the first name", "both the first name and the nick name");
        assertThat(proposed).extracting(Variant::slotPath).containsOnly("select[0]");
        assertThat(proposed.get(0).sql()).isEqualTo("SELECT last_name FROM staff");
        assertThat(proposed.get(1).sql()).isEqualTo("SELECT first_name, last_name FROM staff");
        assertThat(proposed.get(1).score()).isEqualTo(proposed.get(0).score() * 0.9);
    }

    @Test
    void twoSiblingsBothShownAreEachKeptAlone() {
        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT first_name, last_name FROM staff", staff(), "the names of the staff");

        assertThat(proposed).extracting(Variant::sql, Variant::description)
                .contains(tuple("SELECT first_name FROM staff", "only the first name, not the last name"));
        assertThat(proposed).extracting(Variant::slotPath, Variant::sql, Variant::description)
                .contains(tuple("select[1]", "SELECT last_name FROM staff", "only the last name, not the first name"));
    }

    @Test
    void aKeyThatLinksTablesIsNeverASiblingAndNeitherIsAnUnrelatedColumn() {
        assertThat(FamilyProposals.of(FAMILY, "SELECT office_name FROM staff", staff(), "the office of each member of staff"))
                .extracting(Variant::sql).noneMatch(sql -> sql.contains("office_code"));
        assertThat(FamilyProposals.of(FAMILY, "SELECT city FROM staff", staff(), "where the staff live")).isEmpty();
    }

    @Test
    void aSiblingHoldingTheSameValuesIsTheSameAttributeAndCrowdsOutSiblingsCloseByNameOnly() {
        SchemaIndex schema = SchemaIndex.of(Schema.newBuilder().setDialect("sqlite")
                .addTables(Table.newBuilder().setName("hotels").addPrimaryKey("id").addColumns(Schemas.id("id"))
                        .addColumns(Schemas.col("city", Schemas.TEXT, "Rome", "Paris", "Oslo"))
                        .addColumns(Schemas.col("town", Schemas.TEXT, "Rome", "Paris", "Oslo"))
                        .addColumns(Schemas.col("city_code", Schemas.TEXT, "ROM", "PAR")))
                .build());

        List<Variant> proposed = FamilyProposals.of(FAMILY, "SELECT city FROM hotels", schema, "the city of each hotel");

        assertThat(proposed).extracting(Variant::description).containsExactly("the town instead of the city");
        assertThat(proposed.get(0).sql()).isEqualTo("SELECT town FROM hotels");
    }
}

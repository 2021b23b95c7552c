package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.SchemaIndex;

import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static dev.overtone.parser.analysis.Schemas.INT;
import static dev.overtone.parser.analysis.Schemas.TEXT;
import static dev.overtone.parser.analysis.Schemas.col;
import static dev.overtone.parser.analysis.Schemas.id;
import static org.assertj.core.api.Assertions.assertThat;

/** Column siblings found by the values they hold, not only by their names. */
class ColumnClosenessByDataTest {

    private final VariantGenerator generator = new VariantGenerator(NameSimilarity.LEXICAL_ONLY);

    private static SchemaIndex songs(String... otherLabels) {
        return SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("track").addPrimaryKey("id").addColumns(id("id"))
                        .addColumns(col("name", TEXT, "Hey Jude", "Let It Be", "Yesterday"))
                        .addColumns(col("designation", TEXT, otherLabels))
                        .addColumns(col("first_name", TEXT, "Paul", "John"))
                        .addColumns(col("plays", INT, "10", "20")))
                .build());
    }

    private List<String> columnVariants(SchemaIndex schema) {
        return generator.generate("SELECT name FROM track", schema, "the track names", 20, Set.of(Variant.COLUMN)).stream().map(Variant::sql).toList();
    }

    @Test
    void aColumnHoldingTheSameValuesIsASiblingWhateverItsNameAndCrowdsOutNameOnlySiblings() {
        List<String> sqls = columnVariants(songs("HEY JUDE", "LET IT BE", "YESTERDAY"));
        assertThat(sqls).contains("SELECT designation FROM track");
        // one attribute under two names: showing both is no reading, and the name-only sibling drops out
        assertThat(sqls).noneMatch(s -> s.contains("first_name")).doesNotContain("SELECT name, designation FROM track");
    }

    @Test
    void withoutSharedValuesOnlyNameClosenessCounts() {
        List<String> sqls = columnVariants(songs("Rock", "Pop"));
        assertThat(sqls).noneMatch(s -> s.contains("designation")).anyMatch(s -> s.contains("first_name"));
    }

    @Test
    void valueOverlapIgnoresCaseAndUninformativeValues() {
        assertThat(VariantContext.valueOverlap(col("a", TEXT, "Hey Jude", "Yesterday", "x"), col("b", TEXT, "hey jude", "YESTERDAY"))).isEqualTo(1.0);
        assertThat(VariantContext.valueOverlap(col("a", TEXT, "Y", "N"), col("b", TEXT, "Y", "N"))).isZero();
        assertThat(VariantContext.valueOverlap(col("a", TEXT, "2001", "2002"), col("b", TEXT, "2001", "2002"))).isZero();
        assertThat(VariantContext.valueOverlap(col("a", INT, "10", "20"), col("b", INT, "10", "20"))).isZero();
    }
}

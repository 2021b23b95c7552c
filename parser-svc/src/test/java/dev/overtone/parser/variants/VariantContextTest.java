package dev.overtone.parser.variants;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.Schemas;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import org.junit.jupiter.api.Test;

/**
 * What every family reads its query through: the parse it shares and the fresh one it may rewrite, the question's
 * whole words and how much it speaks of a name, and the schema facts the families weigh (numbers, compatible types,
 * two columns holding the same values, the column that names a row).
 */
class VariantContextTest {

    @Test
    void theSharedParseIsParsedOnceAndEachFreshOneIsNewAndAUnionHasNoPlainProbe() {
        VariantContext ctx = context("SELECT name FROM hotels", Schemas.hotels(), "");
        assertThat(ctx.probe()).isSameAs(ctx.probe());
        assertThat(ctx.fresh()).isNotSameAs(ctx.fresh()).isNotSameAs(ctx.probe());
        assertThat(ctx.fresh().toString()).isEqualTo(ctx.probe().toString());
        assertThat(ctx.plainProbe()).isNotNull();

        assertThat(context("SELECT name FROM hotels UNION SELECT city FROM hotels", Schemas.hotels(), "").plainProbe()).isNull();
        assertThat(context("SELECT name FROM hotels", SchemaIndex.EMPTY, "").plainProbe()).as("without a schema").isNull();
    }

    @Test
    void aWordOfTheQuestionCountsOnlyWhole() {
        VariantContext ctx = context("SELECT name FROM hotels", Schemas.hotels(), "Hotels in Rome OR Paris, and more?");
        assertThat(ctx.questionHasWord("or")).isTrue();
        assertThat(ctx.questionHasWord("and")).isTrue();
        assertThat(ctx.questionHasWord("par", "rom")).isFalse();
        assertThat(VariantContext.hasWord("the order-by", "or", "by")).isTrue();
        assertThat(VariantContext.hasWord("the order", "or")).isFalse();
    }

    @Test
    void theQuestionSpeaksOfANameByItsWordsAndTwoNamesAreCloseByTheirsWithoutAModel() {
        VariantContext ctx = context("SELECT name FROM hotels", Schemas.hotels(), "the star rating of each hotel");
        assertThat(ctx.cue("stars")).isEqualTo(1.0);
        assertThat(ctx.cue("city")).isZero();
        assertThat(ctx.closeness("first_name", "last_name")).as("one word of two").isEqualTo(0.5);
        assertThat(ctx.closeness("city", "stars")).isZero();
    }

    @Test
    void numbersAreKnownByValueTypeOrDeclaredTypeAndOnlyNumbersGoWithNumbers() {
        Column stars = Schemas.col("stars", Schemas.INT);
        Column price = Column.newBuilder().setName("price").setDeclaredType("decimal(10,2)").build();
        Column city = Schemas.col("city", Schemas.TEXT);
        Column untyped = Column.newBuilder().setName("anything").build();

        assertThat(VariantContext.numeric(stars)).isTrue();
        assertThat(VariantContext.numeric(price)).isTrue();
        assertThat(VariantContext.numeric(city)).isFalse();
        assertThat(VariantContext.compatible(stars, price)).isTrue();
        assertThat(VariantContext.compatible(stars, city)).isFalse();
        assertThat(VariantContext.compatible(untyped, city)).as("a column without a declared type goes with any").isTrue();
    }

    @Test
    void twoTextColumnsHoldTheSameValuesWhenTheyShareMostOfTheInformativeOnes() {
        Column city = Schemas.col("city", Schemas.TEXT, "Rome", "Paris", "Oslo", "Nice");
        Column town = Schemas.col("town", Schemas.TEXT, "rome", "PARIS", "Bern");
        Column oneShared = Schemas.col("place", Schemas.TEXT, "Rome", "Lima");
        Column codes = Schemas.col("code", Schemas.TEXT, "12", "1.5", "ab", "Rome", "Paris");

        assertThat(VariantContext.valueOverlap(city, town)).as("2 of the smaller set's 3, case ignored").isEqualTo(2 / 3.0);
        assertThat(VariantContext.valueOverlap(city, oneShared)).as("one value shared says nothing").isZero();
        assertThat(VariantContext.valueOverlap(city, codes)).as("numbers and short values are not informative").isEqualTo(1.0);
        assertThat(VariantContext.valueOverlap(city, Schemas.col("stars", Schemas.INT, "Rome", "Paris"))).isZero();
    }

    @Test
    void theColumnThatNamesARowIsANameOrTitleElseTheFirstTextColumnThatIsNoKey() {
        SchemaIndex schema = SchemaIndex.of(Schema.newBuilder()
                .addTables(Table.newBuilder().setName("hotels").addPrimaryKey("code").addColumns(Schemas.col("code", Schemas.TEXT))
                        .addColumns(Schemas.col("city", Schemas.TEXT)).addColumns(Schemas.col("hotel_name", Schemas.TEXT)))
                .addTables(Table.newBuilder().setName("rooms").addPrimaryKey("id").addColumns(Schemas.id("id"))
                        .addColumns(Schemas.col("floor", Schemas.INT)).addColumns(Schemas.col("view", Schemas.TEXT))
                        .addColumns(Schemas.col("wing", Schemas.TEXT)))
                .addTables(Table.newBuilder().setName("counts").addColumns(Schemas.col("n", Schemas.INT)))
                .build());
        VariantContext ctx = context("SELECT city FROM hotels", schema, "");

        assertThat(ctx.nameColumn("hotels")).contains("hotel_name");
        assertThat(ctx.nameColumn("rooms")).contains("view");
        assertThat(ctx.nameColumn("counts")).isEmpty();
        assertThat(ctx.nameColumn("ghosts")).isEmpty();
    }

    private static VariantContext context(String sql, SchemaIndex schema, String question) {
        return FamilyProposals.context(sql, schema, question);
    }
}

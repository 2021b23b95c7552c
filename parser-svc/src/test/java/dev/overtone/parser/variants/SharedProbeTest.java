package dev.overtone.parser.variants;

import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.QueryParser;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlAnalyzer;
import dev.overtone.parser.service.EmbeddingNameSimilarity;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The families share one parse of the query (VariantContext.probe) and rewrite fresh trees only: a
 * family that changed the shared tree would hand the next family a different query.
 */
class SharedProbeTest {
    /** MiniLM closeness, so that the column families propose on the hotel schema too. */
    private static final NameSimilarity MEANING = new EmbeddingNameSimilarity(1000);

    static Stream<Arguments> queries() {
        return Stream.of(
                Arguments.of("SELECT name FROM venues WHERE kind IN ('Banquet Hall', 'Conference Room') AND capacity = 200",
                        VariantGeneratorTest.venues(), "banquet halls and conference rooms for 200 people"),
                Arguments.of("SELECT name, kind FROM venues WHERE kind IN ('Banquet Hall', 'Conference Room') AND capacity = 200",
                        VariantGeneratorTest.venues(), "banquet halls and conference rooms for 200 people, with their kind"),
                Arguments.of("SELECT name, mean_price FROM venues ORDER BY mean_price DESC", VariantGeneratorTest.venues(),
                        "the price of each venue"),
                Arguments.of("SELECT name, stars FROM hotels", VariantGeneratorTest.demoHotels(true),
                        "return the rating of each hotel"),
                Arguments.of("SELECT h.name, h.stars FROM hotels h ORDER BY h.stars DESC",
                        VariantGeneratorTest.demoHotels(true), "hotels by rating"),
                Arguments.of("SELECT name, country FROM performer", SideTableAndPrecomputedTest.performers(),
                        "names and countries of performers"),
                Arguments.of("SELECT avg(age) FROM performer WHERE country = 'France'",
                        SideTableAndPrecomputedTest.performers(), "average age in France"));
    }

    @ParameterizedTest
    @MethodSource("queries")
    void noFamilyChangesTheSharedParse(String sql, SchemaIndex schema, String question) {
        VariantContext ctx = new VariantContext(sql, schema, question, new SqlAnalyzer().analyze(sql, schema),
                MEANING);
        String before = QueryParser.parse(sql, schema).toString();
        int proposed = 0;
        for (VariantFamily family : List.of(new AttachmentFamily(), new ScopeFamily(), new ColumnFamily(),
                new TableFamily(), new JoinFamily(), new AggregateFamily())) {
            proposed += family.propose(ctx).size();
            assertThat(ctx.probe().toString()).as("the shared parse after " + family.getClass().getSimpleName()).isEqualTo(before);
        }
        assertThat(proposed).as("the query has readings to propose").isPositive();
    }
}

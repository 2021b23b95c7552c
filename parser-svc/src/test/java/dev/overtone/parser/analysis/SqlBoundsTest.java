package dev.overtone.parser.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.Collections;
import org.junit.jupiter.api.Test;

/**
 * What parser-svc reads at most, checked where every parse starts ({@link QueryParser}): a statement at each bound is
 * parsed, one past it is refused naming the bound and where it was passed, before JSqlParser sees it.
 */
class SqlBoundsTest {
    private static final int NESTING = SqlBounds.MAX_NESTING;
    private static final int CHAIN = SqlBounds.MAX_OPERATOR_CHAIN;

    static String nested(int depth) {
        return "SELECT name FROM hotels WHERE stars = " + "(".repeat(depth) + "1" + ")".repeat(depth);
    }

    /** {@code count} conditions joined by AND: count - 1 operators, and one {@code =} each. */
    static String conditions(int count) {
        return String.join(" AND ", Collections.nCopies(count, "stars > 1"));
    }

    private static SqlSyntaxException refusal(String sql) {
        return catchThrowableOfType(() -> QueryParser.parse(sql, Schemas.hotels()), SqlSyntaxException.class);
    }

    @Test
    void parenthesesAndCaseNestedToTheBoundAreParsedOneLevelMoreIsRefusedWhereItStarts() {
        assertThat(QueryParser.parse(nested(NESTING), Schemas.hotels())).isNotNull();
        String cases = "SELECT " + "CASE WHEN stars = 1 THEN ".repeat(NESTING / 2) + "(".repeat(NESTING / 2) + "1"
                + ")".repeat(NESTING / 2) + " END".repeat(NESTING / 2) + " FROM hotels";
        assertThat(QueryParser.parse(cases, Schemas.hotels())).isNotNull();

        SqlSyntaxException deep = refusal(nested(NESTING + 1));
        assertThat(deep).hasMessage("parentheses and CASE nest deeper than 100 levels; flatten the expression or use a CTE"
                + " (at line 1, column " + ("SELECT name FROM hotels WHERE stars = ".length() + NESTING + 1) + ")");
        assertThat(refusal(cases.replaceFirst("SELECT ", "SELECT CASE WHEN stars = 1 THEN ").replace(" FROM", " END FROM")))
                .hasMessageStartingWith("parentheses and CASE nest deeper than 100 levels");
    }

    @Test
    void aChainOfOperatorsToTheBoundIsParsedOneMoreIsRefusedAndTheCountRestartsInEachParenthesisListAndClause() {
        // CHAIN / 2 conditions: CHAIN / 2 - 1 ANDs and CHAIN / 2 comparisons, one short of the bound
        String atBound = "SELECT name FROM hotels WHERE " + conditions(CHAIN / 2) + " AND stars";
        assertThat(QueryParser.parse(atBound, Schemas.hotels())).isNotNull();
        assertThat(refusal(atBound + " > 1")).hasMessageStartingWith(
                "an expression chains more than 1,000 operators; split it, e.g. with IN (...) or a join on a VALUES list (at line 1,");

        String apart = "SELECT stars" + " + stars".repeat(CHAIN) + ", stars" + " + stars".repeat(CHAIN)
                + " FROM hotels WHERE (" + conditions(CHAIN / 2) + ") AND (" + conditions(CHAIN / 2) + ")"
                + " ORDER BY stars" + " * stars".repeat(CHAIN);
        assertThat(QueryParser.parse(apart, Schemas.hotels())).isNotNull();
    }

    @Test
    void aStatementLongerThanTheBoundIsRefusedByItsLength() {
        String padded = "SELECT name FROM hotels WHERE name = '" + "x".repeat(SqlBounds.MAX_LENGTH) + "'";
        assertThat(refusal(padded)).hasMessage(String.format("the SQL is %,d characters long; parser-svc reads at most 100,000",
                padded.length()));
        String longest = "SELECT name FROM hotels WHERE name = '" + "x".repeat(SqlBounds.MAX_LENGTH - 39) + "'";
        assertThat(longest).hasSize(SqlBounds.MAX_LENGTH);
        assertThat(QueryParser.parse(longest, Schemas.hotels())).isNotNull();
    }

    @Test
    void parenthesesAndOperatorsInsideStringsQuotedNamesAndCommentsDoNotCount() {
        String sql = "SELECT name AS \"" + "(".repeat(NESTING + 1) + "\" FROM hotels -- " + "+".repeat(CHAIN + 1)
                + "\nWHERE name <> '" + "(".repeat(NESTING + 1) + "' /* " + "((".repeat(NESTING) + " */";
        assertThat(QueryParser.parse(sql, Schemas.hotels())).isNotNull();
    }

    @Test
    void theRefusalNamesTheLineAndColumnOfTheTokenThatPassedTheBound() {
        SqlSyntaxException e = refusal("SELECT name\nFROM hotels\n  WHERE stars = " + "(".repeat(NESTING + 1) + "1"
                + ")".repeat(NESTING + 1));
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.column()).isEqualTo("  WHERE stars = ".length() + NESTING + 1);
    }
}

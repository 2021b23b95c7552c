package dev.overtone.interpreter.ranking;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** How far a condition of a coordinated query reaches, read off parser-svc's recorded slots of each query. */
class ConditionBreadthTest {

    /** Each query's breadth, from its recorded analysis, is the expected one. */
    private static void assertBreadth(ConditionBreadth expected, String... sqls) {
        for (String sql : sqls) {
            assertThat(ConditionBreadth.of(RecordedAnalyses.of(sql).getSlotsList())).as(sql).isEqualTo(expected);
        }
    }

    @Test
    void aConditionInEveryUnionBranchReachesEveryPartHoweverTheBranchesSpellIt() {
        assertBreadth(ConditionBreadth.EVERY_PART, RankingFixtures.STARS_ON_BOTH,
                // one branch through an alias, the other unqualified: the analysis qualifies both by the table
                "SELECT h.name FROM hotels h WHERE h.city = 'Lyon' AND h.stars >= 4"
                        + " UNION SELECT name FROM hotels WHERE city = 'Porto' AND stars >= 4",
                // one branch per table, the same test on each: the condition read on any table
                "SELECT name FROM hotels WHERE id = 1 UNION SELECT guest FROM reviews WHERE id = 1");
    }

    @Test
    void aConditionInOneBranchOnlyReachesSomeParts() {
        assertBreadth(ConditionBreadth.SOME_PARTS,
                "SELECT name FROM hotels WHERE city = 'Lyon' UNION ALL SELECT name FROM hotels WHERE city = 'Porto' AND stars >= 4");
    }

    @Test
    void andBindsTighterThanOrSoAnUnbracketedOrReachesSomeParts() {
        assertBreadth(ConditionBreadth.SOME_PARTS, "SELECT name FROM hotels WHERE city = 'Lyon' OR city = 'Porto' AND stars >= 4");
        assertBreadth(ConditionBreadth.EVERY_PART, "SELECT name FROM hotels WHERE (city = 'Lyon' OR city = 'Porto') AND stars >= 4",
                "SELECT name FROM hotels WHERE city IN ('Lyon', 'Porto') AND stars >= 4");
    }

    @Test
    void aConditionRepeatedInEveryDisjunctReachesEveryPart() {
        assertBreadth(ConditionBreadth.EVERY_PART,
                "SELECT name FROM hotels WHERE (city = 'Lyon' AND stars >= 4) OR (city = 'Porto' AND stars >= 4)");
    }

    @Test
    void aQueryWithoutCoordinationOrWithoutConditionsTellsNothing() {
        // two branches with one condition each, none shared: nothing says how far either reaches
        assertBreadth(ConditionBreadth.NONE, RankingFixtures.STARS_ON_ONE,
                "SELECT name FROM hotels WHERE stars = 5 AND city = 'Lyon' ORDER BY name",
                "SELECT name FROM hotels WHERE city = 'Lyon' OR city = 'Porto'", "SELECT name FROM hotels");
    }
}

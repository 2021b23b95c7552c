package dev.overtone.interpreter.ranking;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** How far a condition of a coordinated query reaches, read off the SQL as the fitting tool reads it. */
class ConditionBreadthTest {

    @Test
    void aConditionInEveryUnionBranchReachesEveryPart() {
        assertThat(ConditionBreadth.of("SELECT name FROM spaces WHERE kind = 'Hall' AND capacity >= 200"
                + " UNION SELECT name FROM spaces WHERE kind = 'Room' AND s.capacity >= 200")).isEqualTo(ConditionBreadth.EVERY_PART);
    }

    @Test
    void aConditionInTheLastBranchOnlyReachesSomeParts() {
        assertThat(ConditionBreadth.of("SELECT chalet FROM chalets UNION ALL SELECT cabin FROM cabins WHERE price = 200"))
                .isEqualTo(ConditionBreadth.SOME_PARTS);
    }

    @Test
    void andBindsTighterThanOrSoAnUnbracketedOrReachesSomeParts() {
        assertThat(ConditionBreadth.of("SELECT n FROM staff WHERE role = 'Sommelier' OR role = 'Bartender' AND n LIKE 'Alex %'"))
                .isEqualTo(ConditionBreadth.SOME_PARTS);
        assertThat(ConditionBreadth.of("SELECT n FROM staff WHERE (role = 'Sommelier' OR role = 'Bartender') AND n LIKE 'Alex %'"))
                .isEqualTo(ConditionBreadth.EVERY_PART);
        assertThat(ConditionBreadth.of("SELECT n FROM staff WHERE role IN ('Sommelier', 'Bartender') AND n LIKE 'Alex %'"))
                .isEqualTo(ConditionBreadth.EVERY_PART);
    }

    @Test
    void aConditionRepeatedInEveryDisjunctReachesEveryPart() {
        assertThat(ConditionBreadth.of("SELECT n FROM spaces WHERE (kind = 'Hall' AND cap = 200) OR (kind = 'Room' AND cap = 200)"))
                .isEqualTo(ConditionBreadth.EVERY_PART);
    }

    @Test
    void aQueryWithoutCoordinationTellsNothing() {
        assertThat(ConditionBreadth.of("SELECT name FROM hotels WHERE stars = 5 AND city = 'Lyon' ORDER BY name"))
                .isEqualTo(ConditionBreadth.NONE);
        assertThat(ConditionBreadth.of("SELECT name FROM hotels")).isEqualTo(ConditionBreadth.NONE);
        assertThat(ConditionBreadth.of("")).isEqualTo(ConditionBreadth.NONE);
    }
}

package dev.overtone.interpreter.ranking;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ScopeCuesTest {

    @Test
    void countsTheWordsThatStateAReach() {
        assertThat(ScopeCues.of("Which activities do all gyms have in common?").markers()).isEqualTo(1);
        assertThat(ScopeCues.of("List the halls and also the rooms; show both.").markers()).isEqualTo(2);
        assertThat(ScopeCues.of("What activity does each gym offer?").markers()).isZero();
        // where a condition stops: "only those", "just the", "regardless of", "in addition"
        assertThat(ScopeCues.of("Show all central banks and only those commercial banks in the USA").markers()).isEqualTo(1);
        assertThat(ScopeCues.of("List all restaurants regardless of opening hours and just those bars open at 9").markers())
                .isEqualTo(2);
        assertThat(ScopeCues.of("List all halls, in addition show the conference rooms").markers()).isEqualTo(1);
    }

    @Test
    void aQuantifierInFrontOfTheQuestionStatesItsScope() {
        assertThat(ScopeCues.of("For every farm, list the animals it has.").markers()).isEqualTo(1);
        assertThat(ScopeCues.of("  for each editor show the programs").markers()).isEqualTo(1);
        assertThat(ScopeCues.of("List the animals for each farm.").markers()).isZero();
        assertThat(ScopeCues.of("Forever young: list the songs").markers()).isZero();
    }

    @Test
    void tellsWhichWayTheQuestionCarriesACondition() {
        assertThat(ScopeCues.of("halls and rooms where either can hold 200").attachment()).isEqualTo(1);
        assertThat(ScopeCues.of("all halls and also rooms that hold 200").attachment()).isEqualTo(-1);
        assertThat(ScopeCues.of("halls and rooms that hold 200").attachment()).isZero();
    }

    @Test
    void alsoOpensANewPartAfterAConjunctionOrACommaOrBeforeAVerbOfAsking() {
        assertThat(ScopeCues.of("List all chalets, also show cabins that cost $200").attachment()).isEqualTo(-1);
        assertThat(ScopeCues.of("List all chalets and then also cabins that cost $200").attachment()).isEqualTo(-1);
        assertThat(ScopeCues.of("List all comic books, in addition also list novels by BOOM").attachment()).isEqualTo(-1);
    }

    @Test
    void alsoAfterItsSubjectCarriesThePredicateOver() {
        assertThat(ScopeCues.of("What country singers play the piano and what bluegrass singers also play?").attachment())
                .isEqualTo(1);
        assertThat(ScopeCues.of("What dissertations did Dr. Smith supervise and what proposals did she also supervise?")
                .attachment()).isEqualTo(1);
        assertThat(ScopeCues.of("What bluegrass singers also play?").markers()).isEqualTo(1);
    }
}

package dev.overtone.runtime.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The replica's bound on result text held: calls take from it up to its capacity, and a closed call gives all back. */
class HeldBytesTest {
    private final HeldBytes results = new HeldBytes(100, "a-svc", "a.held-bytes", "retry");

    @Test
    void callsTakeUpToTheCapacityAndAClosedCallGivesAllBack() {
        HeldBytes.Hold first = results.open();
        HeldBytes.Hold second = results.open();

        assertThat(first.take(60)).isTrue();
        assertThat(second.take(41)).as("past the capacity, with the first call's 60").isFalse();
        assertThat(second.take(40)).isTrue();
        assertThat(results.held()).isEqualTo(100);

        first.close();
        assertThat(results.held()).isEqualTo(40);
        assertThat(second.take(60)).isTrue();
        second.close();
        assertThat(results.held()).isZero();
    }

    @Test
    void aClosedCallTakesNothingMoreSoNothingIsLeftBehind() {
        HeldBytes.Hold hold = results.open();
        hold.take(10);
        hold.close();

        assertThat(hold.take(10)).as("a statement that outlived its call").isFalse();
        hold.close();
        assertThat(results.held()).isZero();
    }

    @Test
    void aCallGivesBackWhatAResultItWillNotAnswerTook() {
        HeldBytes.Hold hold = results.open();
        hold.take(70);
        hold.giveBack(50);

        assertThat(results.held()).isEqualTo(20);
        hold.giveBack(50);
        assertThat(results.held()).as("never more than it took").isZero();
    }

    @Test
    void aRefusalNamesTheServiceTheKnobItsBytesAndTheAdvice() {
        assertThat(results.open().refusal())
                .isEqualTo("a-svc holds as much result text for the calls in flight as its bound allows (a.held-bytes, 100 bytes); retry");
    }

    @Test
    void workOutsideACallIsNotBounded() {
        assertThat(HeldBytes.Hold.NONE.take(Long.MAX_VALUE)).isTrue();
    }
}

package dev.overtone.infill.service;

import dev.overtone.proto.v1.VariantsResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class VariedReadingsTest {
    private static final VariedReadings.Ask ASK = new VariedReadings.Ask("list the hotels", List.of());
    private static final long A_MINUTE = 60_000_000_000L;
    private static final long NO_SIZE_BOUND = Long.MAX_VALUE;
    private static final VariantsResult STARS = VariantsResult.newBuilder().setCanonicalSql("SELECT stars FROM hotels").build();
    private static final VariantsResult NAMES = VariantsResult.newBuilder().setCanonicalSql("SELECT name FROM hotels").build();

    @Test
    void aCallGetsBackWhatItKeptUnderTheSameAskAndAddsToIt() {
        VariedReadings kept = new VariedReadings(8, NO_SIZE_BOUND, A_MINUTE);
        kept.keep("c1", ASK, Map.of("s1", STARS));
        kept.keep("c1", ASK, Map.of("s2", NAMES));

        assertThat(kept.of("c1", ASK)).containsOnlyKeys("s1", "s2");
        assertThat(kept.of("c2", ASK)).isEmpty();
        assertThat(kept.of("c1", new VariedReadings.Ask("list the hotels", List.of("column")))).isEmpty();
        assertThat(kept.of("", ASK)).isEmpty();
    }

    @Test
    void nothingIsKeptWithoutACallIdOrPastItsTime() {
        VariedReadings kept = new VariedReadings(8, NO_SIZE_BOUND, A_MINUTE);
        kept.keep("", ASK, Map.of("s1", STARS));
        assertThat(kept.of("", ASK)).isEmpty();

        VariedReadings expired = new VariedReadings(8, NO_SIZE_BOUND, -1);
        expired.keep("c1", ASK, Map.of("s1", STARS));
        assertThat(expired.of("c1", ASK)).isEmpty();
    }

    @Test
    void aForgottenCallHasNothingKeptAndTheOthersKeepTheirs() {
        VariedReadings kept = new VariedReadings(8, NO_SIZE_BOUND, A_MINUTE);
        kept.keep("c1", ASK, Map.of("s1", STARS));
        kept.keep("c2", ASK, Map.of("s2", NAMES));

        kept.forget("c1");

        assertThat(kept.of("c1", ASK)).isEmpty();
        assertThat(kept.of("c2", ASK)).containsOnlyKeys("s2");
    }

    /** What keeping {@link #STARS} for a call id of two characters under {@link #ASK} counts. */
    private static final long ONE_CALL = 2 + ASK.question().length() + "s1".length() + STARS.getSerializedSize();

    static Stream<Arguments> boundsTheThirdCallPasses() {
        return Stream.of(Arguments.of("two calls", new VariedReadings(2, NO_SIZE_BOUND, A_MINUTE)),
                Arguments.of("the size of two calls", new VariedReadings(8, 2 * ONE_CALL, A_MINUTE)));
    }

    @ParameterizedTest(name = "kept: {0}")
    @MethodSource("boundsTheThirdCallPasses")
    void theCallUsedLeastRecentlyGoesFirstWhenTheBoundIsReached(String bound, VariedReadings kept) {
        kept.keep("c1", ASK, Map.of("s1", STARS));
        kept.keep("c2", ASK, Map.of("s1", STARS));
        assertThat(kept.of("c1", ASK)).isNotEmpty();

        kept.keep("c3", ASK, Map.of("s1", STARS));

        assertThat(kept.of("c2", ASK)).isEmpty();
        assertThat(kept.of("c1", ASK)).isNotEmpty();
        assertThat(kept.of("c3", ASK)).isNotEmpty();
    }

    @Test
    void aForgottenCallGivesBackItsSize() {
        VariedReadings kept = fullWithTwoCalls();
        kept.forget("c1");

        kept.keep("c3", ASK, Map.of("s1", STARS));

        assertThat(kept.of("c2", ASK)).isNotEmpty();
        assertThat(kept.of("c3", ASK)).isNotEmpty();
    }

    @Test
    void aCallLargerThanTheKeptSizeAloneKeepsNothingAndTheOthersKeepTheirs() {
        VariedReadings kept = fullWithTwoCalls();
        String longSql = "SELECT name FROM hotels WHERE name = '" + "x".repeat((int) (2 * ONE_CALL)) + "'";

        kept.keep("c2", ASK, Map.of(longSql, NAMES));

        assertThat(kept.of("c2", ASK)).isEmpty();
        assertThat(kept.of("c1", ASK)).containsOnlyKeys("s1");
        kept.keep("c3", ASK, Map.of("s1", STARS));
        assertThat(kept.of("c1", ASK)).isNotEmpty();
        assertThat(kept.of("c3", ASK)).isNotEmpty();
    }

    /** Bounded at the size of two calls, and holding two: c1 and c2. */
    private static VariedReadings fullWithTwoCalls() {
        VariedReadings kept = new VariedReadings(8, 2 * ONE_CALL, A_MINUTE);
        kept.keep("c1", ASK, Map.of("s1", STARS));
        kept.keep("c2", ASK, Map.of("s1", STARS));
        return kept;
    }
}

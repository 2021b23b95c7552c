package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.runtime.testing.ConfigStub;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The readings Start, Choose and Recall work on: the candidates collapsed by result, at most the configured max-candidates. */
class ReadingForksTest {

    @Test
    void candidatesPastTheConfiguredMaximumAreRefusedNamingIt() {
        ReadingForks forks = forks(2);

        assertThatThrownBy(() -> forks.readings("which hotels", List.of(candidate("r1", "a"), candidate("r2", "b"), candidate("r3", "c"))))
                .isInstanceOfSatisfying(ClarifyException.class, e -> assertThat(e.kind()).isEqualTo(ClarifyException.Kind.INVALID_ARGUMENT))
                .hasMessage("3 candidates is more than the 2 a dialogue takes");
    }

    @Test
    void candidatesWithinItWithTheSameResultAreOneReading() {
        List<Reading> readings = forks(3).readings("which hotels", List.of(candidate("r1", "stars"), candidate("r2", "stars"), candidate("r3", "score")));

        assertThat(readings).extracting(Reading::id).containsExactly("r1", "r3");
        assertThat(readings.get(0).aliases()).containsExactly("r2");
    }

    private static StartCommand.CandidateInput candidate(String id, String fingerprint) {
        return new StartCommand.CandidateInput(id, "SELECT " + fingerprint + " FROM hotels", "", null, fingerprint, List.of());
    }

    private static ReadingForks forks(int maxCandidates) {
        ReadingForks forks = new ReadingForks();
        forks.config = ConfigStub.of(ClarifyConfig.class,
                Map.of("defaults", ConfigStub.of(ClarifyConfig.Defaults.class, Map.of("maxCandidates", maxCandidates))));
        forks.limits = InputLimitsTest.limits(2000, 2000, 100_000, 2000);
        return forks;
    }
}

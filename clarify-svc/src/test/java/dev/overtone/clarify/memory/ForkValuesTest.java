package dev.overtone.clarify.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.service.DecisionVariable;
import dev.overtone.clarify.service.DecisionVariableExtractor;
import dev.overtone.clarify.service.SlotValue;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A fork's value as memory keeps it: the slot text at the fork's first path, whatever moves with it. */
class ForkValuesTest {

    private static SlotValue slot(String path, String value) {
        return new SlotValue(path, value, value, List.of());
    }

    @Test
    void theFirstPathsTextKeysAValueAndFindsItAgain() {
        // the score moves a join with it: one fork of two paths
        DecisionVariable rating = DecisionVariableExtractor.extract(List.of(
                List.of(slot("select[0]", "hotels.stars"), slot("from[0]", "hotels")),
                List.of(slot("select[0]", "AVG(reviews.score)"), slot("from[0]", "hotels"), slot("join[1]", "JOIN reviews")))).get(0);
        assertThat(rating.paths()).containsExactly("select[0]", "join[1]");

        assertThat(ForkValues.key(rating, 0)).isEqualTo("hotels.stars");
        assertThat(ForkValues.key(rating, 1)).isEqualTo("AVG(reviews.score)");
        assertThat(ForkValues.indexOf(rating, "AVG(reviews.score)")).isEqualTo(1);
        assertThat(ForkValues.indexOf(rating, "AVG(reviews.score)" + DecisionVariableExtractor.KEY_SEPARATOR + "JOIN reviews")).isEqualTo(-1);
        assertThat(ForkValues.indexOf(rating, "reviews.score")).isEqualTo(-1);
    }
}

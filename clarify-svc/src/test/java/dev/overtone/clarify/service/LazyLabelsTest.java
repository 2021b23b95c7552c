package dev.overtone.clarify.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Labels built the first time one is read, once, and then kept as they were built. */
class LazyLabelsTest {

    @Test
    void nothingIsBuiltUntilALabelIsReadAndThenOnlyOnce() {
        AtomicInteger builds = new AtomicInteger();
        LazyLabels labels = new LazyLabels(() -> {
            builds.incrementAndGet();
            return List.of("the stars", "the review score");
        });
        assertThat(labels.isBuilt()).isFalse();
        assertThat(builds).hasValue(0);

        assertThat(labels.get(1)).isEqualTo("the review score");
        assertThat(labels).hasSize(2).containsExactly("the stars", "the review score");

        assertThat(labels.isBuilt()).isTrue();
        assertThat(builds).hasValue(1);
    }

    @Test
    void theBuiltLabelsAreACopyTheBuilderCannotChangeLater() {
        List<String> source = new ArrayList<>(List.of("the stars"));
        LazyLabels labels = new LazyLabels(() -> source);
        assertThat(labels.size()).isEqualTo(1);

        source.add("the review score");

        assertThat(labels).containsExactly("the stars");
        assertThatThrownBy(() -> labels.add("more")).isInstanceOf(UnsupportedOperationException.class);
    }
}

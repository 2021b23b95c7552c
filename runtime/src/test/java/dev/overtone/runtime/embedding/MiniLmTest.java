package dev.overtone.runtime.embedding;

import dev.langchain4j.model.embedding.EmbeddingModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class MiniLmTest {
    @Test
    void theModelLoadedFromFilesEmbedsAsTheOneLoadedThroughTheHeap(@TempDir Path cache) {
        EmbeddingModel fromFiles = MiniLm.load(cache);
        EmbeddingModel fromJar = MiniLm.throughTheHeap();

        float[] a = fromFiles.embed("the average review score of each hotel").content().vector();
        float[] b = fromJar.embed("the average review score of each hotel").content().vector();

        assertThat(a).hasSize(384);
        assertThat(a).containsExactly(b, within(1e-5f));
    }

    @Test
    void aPreloadedModelIsHandedOutOnceAndEmbedsAsALoadedOne() {
        MiniLm.preload();
        MiniLm.preload(); // a second call while the first waits to be taken starts nothing
        assertThat(MiniLm.preloadWaiting()).isTrue();

        EmbeddingModel preloaded = MiniLm.load();
        assertThat(MiniLm.preloadWaiting()).as("taken by the first load").isFalse();
        EmbeddingModel loaded = MiniLm.load();

        assertThat(loaded).as("the next load is a new model: the preloaded one went to the first").isNotSameAs(preloaded);
        assertThat(preloaded.embed("the stars").content().vector())
                .containsExactly(loaded.embed("the stars").content().vector(), within(1e-5f));
    }

    @Test
    void aHalfWrittenCopyIsNeverTrusted(@TempDir Path cache) throws Exception {
        Path first = MiniLm.extracted(cache, MiniLm.TOKENIZER);
        long size = Files.size(first);
        Files.write(first, new byte[] {'{'}); // a copy cut short, as by a killed start

        Path again = MiniLm.extracted(cache, MiniLm.TOKENIZER);

        assertThat(again).isEqualTo(first);
        assertThat(Files.size(again)).isEqualTo(size);
        try (var files = Files.list(again.getParent())) {
            assertThat(files).as("no partial copies left beside it").containsExactly(again);
        }
    }
}

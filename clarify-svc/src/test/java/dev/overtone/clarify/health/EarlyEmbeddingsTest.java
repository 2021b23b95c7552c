package dev.overtone.clarify.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.embedding.MiniLm;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigProviderResolver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * When the CDI container comes up, MiniLM starts loading on a thread of its own (runtime's {@link MiniLm#preload()})
 * only if the warm-up will take it: warm-up and embedding matching both on, as they are unless configured off. A
 * preload started waits, loaded or still loading, for the next {@link MiniLm#load()}, whatever the machine's speed.
 */
class EarlyEmbeddingsTest {

    @BeforeEach
    @AfterEach
    void takeAnyPreloadedModel() {
        if (MiniLm.preloadWaiting()) {
            MiniLm.load(); // so that each case starts with no preload waiting
        }
    }

    @ParameterizedTest(name = "warm-up {0}, embedding {1}: preloads {2}")
    @CsvSource(nullValues = "unset", value = {
            "unset, unset, true",
            "true,  true,  true",
            "false, true,  false",
            "true,  false, false",
    })
    void theModelStartsLoadingAtContainerUpOnlyWhenTheWarmUpWillTakeIt(String warmUp, String embedding, boolean preloads) {
        Map<String, String> settings = new HashMap<>();
        if (warmUp != null) {
            settings.put(EarlyEmbeddings.WARM_UP, warmUp);
        }
        if (embedding != null) {
            settings.put(EarlyEmbeddings.EMBEDDING, embedding);
        }

        withConfig(settings, () -> new EarlyEmbeddings().onContainerUp(new Object()));

        assertThat(MiniLm.preloadWaiting()).as("a preloaded model waiting for the warm-up").isEqualTo(preloads);
    }

    /** Runs {@code work} with these settings as the whole configuration (its own, on a class loader of the test's). */
    private static void withConfig(Map<String, String> settings, Runnable work) {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        ClassLoader loader = new ClassLoader(previous) {
        };
        ConfigProviderResolver resolver = ConfigProviderResolver.instance();
        Config config = new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(settings, "test", 500)).build();
        resolver.registerConfig(config, loader);
        Thread.currentThread().setContextClassLoader(loader);
        try {
            work.run();
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
            resolver.releaseConfig(config);
        }
    }
}

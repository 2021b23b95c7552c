package dev.overtone.clarify.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.overtone.runtime.embedding.MiniLm;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigProviderResolver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * When the CDI container comes up, MiniLM starts loading on a thread of its own (runtime's {@link MiniLm#preload()},
 * thread "minilm-preload") only if the warm-up will take it: warm-up and embedding matching both on, as they are unless
 * configured off.
 */
class EarlyEmbeddingsTest {
    /** A cold load of the model on a loaded 2-core machine takes seconds; this is well past it. */
    private static final Duration LOAD = Duration.ofSeconds(60);
    private static final String PRELOAD_THREAD = "minilm-preload";

    private boolean started;

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

        await("a preload of an earlier app in this JVM to finish").atMost(LOAD).until(() -> !preloading());

        withConfig(settings, () -> new EarlyEmbeddings().onContainerUp(new Object()));

        // the load takes seconds: a preload started is still running when this looks
        started = preloading();
        assertThat(started).as("a model loading on " + PRELOAD_THREAD).isEqualTo(preloads);
    }

    @AfterEach
    void takeThePreloadedModel() {
        if (started) {
            await("the preload to finish").atMost(LOAD).until(() -> !preloading());
            MiniLm.load(); // takes it, so that the next case's preload starts afresh
        }
    }

    private static boolean preloading() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(PRELOAD_THREAD) && t.isAlive());
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

package dev.overtone.executor.support;

import dev.overtone.executor.config.ExecutorConfig;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.Map;

/** The executor's configuration mapped from {@code properties} alone, every other setting at its default, without Quarkus. */
public final class MappedConfig {
    private MappedConfig() {
    }

    public static ExecutorConfig of(Map<String, String> properties) {
        return new SmallRyeConfigBuilder().withMapping(ExecutorConfig.class)
                .withConverter(Duration.class, 100, new DurationConverter())
                .withSources(new PropertiesConfigSource(properties, "test", 100)).build()
                .getConfigMapping(ExecutorConfig.class);
    }
}

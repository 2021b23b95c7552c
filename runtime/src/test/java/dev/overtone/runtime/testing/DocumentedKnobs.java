package dev.overtone.runtime.testing;

import io.smallrye.config.ConfigMappingInterface.Property;
import io.smallrye.config.ConfigMappings;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The house rule "every knob in {@code application.properties} and documented in the service's README", as the test
 * of one {@code @ConfigMapping} interface: a {@code XConfigTest} extends it and names the interface and a few of its knobs
 * (so a mapping that lost its knobs cannot pass empty). The knobs come from SmallRye's own mapping metadata (the names
 * Quarkus reads, each with its {@code @WithDefault}), so a method added to the interface is a knob the check knows at
 * once. Run from the module's directory (surefire's working directory): it reads {@code README.md} and
 * {@code src/main/resources/application.properties} there.
 */
public abstract class DocumentedKnobs {
    /** {@code ${ENV:fallback}}: the value a property has when the environment does not set it. */
    private static final Pattern ENV_FALLBACK = Pattern.compile("\\$\\{[A-Z0-9_]+:(.*)}");

    /** One knob: its full property name and the default the interface declares (empty: none). */
    private record Knob(String name, Optional<String> mappedDefault) {
    }

    private final Map<String, Knob> knobs;
    private final List<String> someKnobs;
    private final Path module = Path.of("");

    /** The knobs of {@code mapping} (a {@code @ConfigMapping} interface), {@code someKnobs} among them. */
    protected DocumentedKnobs(Class<?> mapping, String... someKnobs) {
        this.knobs = knobs(mapping);
        this.someKnobs = List.of(someKnobs);
    }

    @Test
    void everyKnobHasAMentionInTheReadme() {
        assertThat(knobs.keySet()).containsAll(someKnobs);
        assertThat(missingFromReadme()).as("knobs the module's README.md does not name in backticks").isEmpty();
    }

    @Test
    void everyKnobIsSetInApplicationProperties() {
        assertThat(missingFromProperties()).as("knobs application.properties does not set for every profile").isEmpty();
    }

    @Test
    void applicationPropertiesSaysWhatTheInterfaceDefaultsTo() {
        assertThat(defaultsThatDisagree()).isEmpty();
    }

    private static Map<String, Knob> knobs(Class<?> mapping) {
        Map<String, Knob> knobs = new TreeMap<>();
        for (Map.Entry<String, Property> p : ConfigMappings.getProperties(ConfigMappings.ConfigClass.configClass(mapping)).entrySet()) {
            Property property = p.getValue();
            if (property.isLeaf() || property.isPrimitive() || property.isOptional()) {
                knobs.put(p.getKey(), new Knob(p.getKey(), property.hasDefaultValue()
                        ? Optional.ofNullable(property.getDefaultValue()) : Optional.empty()));
            }
        }
        if (knobs.isEmpty()) {
            throw new IllegalArgumentException(mapping.getName() + " maps no property: is it a @ConfigMapping interface?");
        }
        return knobs;
    }

    /** The knobs with no row (their name in backticks) in the module's README. */
    private List<String> missingFromReadme() {
        String readme = read(module.resolve("README.md"));
        return knobs.keySet().stream().filter(name -> !readme.contains("`" + name + "`")).toList();
    }

    /** The knobs {@code application.properties} does not set for every profile (a {@code %profile.} line alone does not count). */
    private List<String> missingFromProperties() {
        Properties properties = properties();
        return knobs.keySet().stream().filter(name -> !properties.containsKey(name)).toList();
    }

    /**
     * The knobs whose default in the interface is not the value {@code application.properties} gives them (for
     * {@code ${ENV:fallback}}, the fallback), each "name: mapped 'x', application.properties 'y'".
     */
    private List<String> defaultsThatDisagree() {
        Properties properties = properties();
        List<String> disagree = new ArrayList<>();
        for (Knob knob : knobs.values()) {
            String written = properties.getProperty(knob.name());
            if (written == null || knob.mappedDefault().isEmpty()) {
                continue;
            }
            Matcher fallback = ENV_FALLBACK.matcher(written.trim());
            String value = fallback.matches() ? fallback.group(1) : written.trim();
            if (!value.equals(knob.mappedDefault().get())) {
                disagree.add(knob.name() + ": mapped '" + knob.mappedDefault().get() + "', application.properties '" + value + "'");
            }
        }
        return disagree;
    }

    private Properties properties() {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(module.resolve("src/main/resources/application.properties"))) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

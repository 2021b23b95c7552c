package dev.overtone.runtime.testing;

import io.quarkus.runtime.configuration.DurationConverter;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.SysPropConfigSource;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The house rule for a service's configuration interface: every knob is set in the service's
 * {@code application.properties} and has a row in its README, and the default the code falls back on is the value
 * {@code application.properties} sets, unless the knob's README row says that they differ (it names
 * {@code application.properties}). Each method answers what breaks the rule, one line per knob.
 */
public final class KnobRules {
    /** A service module's README and properties, from the module's folder (where Maven runs its tests). */
    public static final Path README = Path.of("README.md");
    public static final Path PROPERTIES = Path.of("src/main/resources/application.properties");

    private KnobRules() {
    }

    /** Every rule's breaks for a {@code @ConfigMapping} of the module the test runs in, one line per knob and rule. */
    public static List<String> broken(Class<?> mapping) {
        List<MappedKnobs.Knob> knobs = MappedKnobs.of(mapping);
        List<String> out = new ArrayList<>(undocumented(knobs, README));
        out.addAll(unset(knobs, PROPERTIES));
        out.addAll(silentDefaults(mapping, PROPERTIES, README));
        return out;
    }

    /**
     * Knobs without a row in a README table: no first cell names them in backticks, by the key below the prefix or by
     * a longer tail of the whole key ({@code warm-up.budget} for {@code overtone.executor.warm-up.budget}); keys under
     * a map are left out. A cell may shorten the keys after its first: {@code `budget.parse` / `execute`} (a sibling) or
     * {@code `max-connection-age` / `-grace`} (a suffix).
     */
    public static List<String> undocumented(List<MappedKnobs.Knob> knobs, Path readme) {
        List<String> named = read(readme).lines().filter(l -> l.startsWith("|") && l.indexOf('|', 1) > 0)
                .flatMap(l -> firstCellNames(l.substring(1, l.indexOf('|', 1))).stream()).toList();
        return knobs.stream().filter(k -> !k.underMap()).filter(k -> names(k).stream().noneMatch(named::contains))
                .map(k -> k.key() + " has no row in " + readme).toList();
    }

    /** The keys a table row's first cell names, its shortened ones spelled out after the first. */
    private static List<String> firstCellNames(String cell) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("`([^`]+)`").matcher(cell);
        while (m.find()) {
            String name = m.group(1);
            if (out.isEmpty()) {
                out.add(name);
            } else if (name.startsWith("-")) {
                out.add(out.get(0) + name);
            } else {
                String first = out.get(0);
                out.add(name.contains(".") || !first.contains(".") ? name : first.substring(0, first.lastIndexOf('.') + 1) + name);
            }
        }
        return out;
    }

    /** Knobs without a line of their own in {@code application.properties} (in any profile). */
    public static List<String> unset(List<MappedKnobs.Knob> knobs, Path properties) {
        Map<String, String> set = properties(properties);
        return knobs.stream().filter(k -> !k.underMap())
                .filter(k -> set.keySet().stream().noneMatch(key -> key.equals(k.key()) || key.endsWith("." + k.key())
                        && key.startsWith("%")))
                .map(k -> k.key() + " is not in " + properties).toList();
    }

    /**
     * Knobs whose value mapped from {@code application.properties} (no profile) is not the code's default, where the
     * knob's README row does not say so.
     */
    public static <T> List<String> silentDefaults(Class<T> mapping, Path properties, Path readme) {
        T defaults = mapped(mapping, Map.of());
        T configured = mapped(mapping, properties(properties));
        List<String> readmeLines = read(readme).lines().toList();
        return MappedKnobs.of(mapping).stream().filter(k -> !k.underMap())
                .filter(k -> !Objects.equals(k.valueIn(defaults), k.valueIn(configured)))
                .filter(k -> readmeLines.stream().noneMatch(l -> l.contains("application.properties")
                        && names(k).stream().anyMatch(name -> l.contains("`" + name + "`"))))
                .map(k -> k.key() + ": the code's default is " + k.valueIn(defaults) + ", application.properties says "
                        + k.valueIn(configured) + ", and the README's row does not say so")
                .toList();
    }

    /** The names a README may give the knob: the key below the prefix and every longer tail of the whole key. */
    private static List<String> names(MappedKnobs.Knob knob) {
        List<String> out = new ArrayList<>();
        String key = knob.key();
        for (int i = key.length() - knob.relative().length(); i >= 0; i = key.lastIndexOf('.', i - 2) + 1) {
            out.add(key.substring(i));
            if (i == 0) {
                break;
            }
        }
        return out;
    }

    private static <T> T mapped(Class<T> mapping, Map<String, String> properties) {
        return new SmallRyeConfigBuilder().withMapping(mapping).addDefaultInterceptors().withValidateUnknown(false)
                .withConverter(Duration.class, 100, new DurationConverter())
                .withConverter(MemorySize.class, 100, new MemorySizeConverter())
                .withSources(new SysPropConfigSource(), new PropertiesConfigSource(properties, "application.properties", 100))
                .build().getConfigMapping(mapping);
    }

    private static Map<String, String> properties(Path file) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> out = new HashMap<>();
        p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
        return out;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

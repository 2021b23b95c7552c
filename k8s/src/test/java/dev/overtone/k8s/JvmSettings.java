package dev.overtone.k8s;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The JVM settings every Overtone service runs with, from their one source {@code k8s/base/jvm}: {@code all.env} for
 * every service, then {@code <service>.env} replacing keys for one. The base kustomization makes ConfigMaps of these
 * files (overtone-jvm, {@code <service>-jvm}) and bin/overtone reads them; this reads them as both do ({@code KEY=VALUE}
 * lines, the value to the end of the line, {@code #} comments) and holds every service container's environment to them.
 *
 * @param shared what {@code all.env} sets
 * @param own    by service, what its own file sets
 */
record JvmSettings(Map<String, String> shared, Map<String, Map<String, String>> own) {

    static final String FOLDER = "k8s/base/jvm";
    static final String SHARED_FILE = "all.env";
    /** run-java.sh's collector options: a service's own value replaces every service's, so it must start with it. */
    static final String COLLECTOR_OPTIONS = "GC_CONTAINER_OPTIONS";
    private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    static JvmSettings read(Path checkout) {
        Path folder = checkout.resolve(FOLDER);
        Map<String, Map<String, String>> own = new LinkedHashMap<>();
        for (String service : ServicePorts.SERVICES) {
            Path file = folder.resolve(service + ".env");
            if (Files.isRegularFile(file)) {
                own.put(service, readEnvFile(file));
            }
        }
        return new JvmSettings(readEnvFile(folder.resolve(SHARED_FILE)), Map.copyOf(own));
    }

    /** What one service runs with: every service's settings, its own replacing them key by key. */
    Map<String, String> of(String service) {
        Map<String, String> settings = new TreeMap<>(shared);
        settings.putAll(own.getOrDefault(service, Map.of()));
        return settings;
    }

    /** Each of the service's settings is in its container's environment ({@code what} names the container). */
    void check(String what, String service, Map<String, String> environment, List<String> violations) {
        of(service).forEach((key, value) -> {
            String actual = environment.get(key);
            if (actual == null) {
                violations.add(what + " does not set " + key + " (" + source(service, key) + ")");
            } else if (!actual.equals(value)) {
                violations.add(what + ": " + key + " is '" + actual + "', but " + source(service, key) + " sets '" + value + "'");
            }
        });
    }

    /** A service's own collector options add to every service's instead of dropping one of them. */
    List<String> inconsistencies() {
        List<String> found = new ArrayList<>();
        String every = shared.get(COLLECTOR_OPTIONS);
        own.forEach((service, settings) -> {
            String options = settings.get(COLLECTOR_OPTIONS);
            if (every != null && options != null && !(options + " ").startsWith(every + " ")) {
                found.add(FOLDER + "/" + service + ".env: " + COLLECTOR_OPTIONS + " '" + options + "' does not start with "
                        + SHARED_FILE + "'s '" + every + "', which it replaces for " + service);
            }
        });
        return found;
    }

    private String source(String service, String key) {
        return own.getOrDefault(service, Map.of()).containsKey(key)
                ? "ConfigMap " + service + "-jvm from " + FOLDER + "/" + service + ".env"
                : "ConfigMap overtone-jvm from " + FOLDER + "/" + SHARED_FILE;
    }

    static Map<String, String> readEnvFile(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).stripLeading();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int equals = line.indexOf('=');
            String key = equals < 0 ? line : line.substring(0, equals);
            if (equals < 0 || !KEY.matcher(key).matches()) {
                throw new IllegalStateException(file + ":" + (i + 1) + ": '" + lines.get(i) + "' is no KEY=VALUE line");
            }
            settings.put(key, line.substring(equals + 1));
        }
        return settings;
    }
}

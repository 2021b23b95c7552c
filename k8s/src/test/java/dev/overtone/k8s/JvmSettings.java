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
import java.util.regex.Matcher;
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
    /** run-java.sh's heap bound, a percentage of the container's memory limit. */
    static final String HEAP_RATIO = "JAVA_MAX_MEM_RATIO";
    /**
     * What a container's memory limit must hold beyond the heap and direct memory bounds: metaspace, compiled code,
     * thread stacks, class data, the native libraries (ONNX Runtime with the MiniLM model, the tokenizer, SQLite) and
     * glibc's arenas. Measured on the packaged services under the images' JDK 17 without a class archive (k8s/README,
     * "Resources"): after bench load and parallel calls of large results, the most resident memory outside the heap,
     * less the direct memory in use then, was interpreter-svc's 260 MiB (parser-svc 244, clarify-svc 230, executor-svc
     * 217, infill-svc 150). This is that figure with 28 MiB to spare.
     */
    static final long OUTSIDE_HEAP_AND_DIRECT_BYTES = 288L << 20;
    private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern DIRECT_BOUND = Pattern.compile("-XX:MaxDirectMemorySize=(\\d+)([kKmMgG]?)(?:\\s|$)");

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

    /**
     * A violation unless the service's heap and direct memory bounds fit its container's memory limit
     * ({@code limitBytes}) with {@link #OUTSIDE_HEAP_AND_DIRECT_BYTES} left for the rest of the process: past the
     * limit the kernel kills the container, and every call in it is lost. Without {@code -XX:MaxDirectMemorySize} the
     * JVM lets direct memory (Netty's buffers of the messages being read and written) grow as large as the heap bound.
     */
    void checkMemory(String what, String service, long limitBytes, List<String> violations) {
        Map<String, String> settings = of(service);
        Matcher direct = DIRECT_BOUND.matcher(settings.getOrDefault(COLLECTOR_OPTIONS, ""));
        if (!direct.find()) {
            violations.add(what + ": " + COLLECTOR_OPTIONS + " sets no -XX:MaxDirectMemorySize, so direct memory may grow"
                    + " as large as the heap, and the two alone may take the whole memory limit (" + FOLDER + ")");
            return;
        }
        String ratio = settings.get(HEAP_RATIO);
        if (ratio == null) {
            return; // check() names the missing setting
        }
        long heap = limitBytes * Long.parseLong(ratio) / 100;
        long directBytes = Long.parseLong(direct.group(1)) << shift(direct.group(2));
        long rest = limitBytes - heap - directBytes;
        if (rest < OUTSIDE_HEAP_AND_DIRECT_BYTES) {
            violations.add(what + ": the heap bound (" + ratio + "% of the " + mib(limitBytes) + " MiB memory limit, "
                    + mib(heap) + " MiB) and -XX:MaxDirectMemorySize (" + mib(directBytes) + " MiB) leave " + mib(rest)
                    + " MiB to the rest of the process, under the " + mib(OUTSIDE_HEAP_AND_DIRECT_BYTES) + " MiB it was"
                    + " measured to need; raise the limit or lower a bound (" + FOLDER + ")");
        }
    }

    private static int shift(String unit) {
        return switch (unit.toLowerCase()) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            default -> 0;
        };
    }

    private static long mib(long bytes) {
        return bytes >> 20;
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

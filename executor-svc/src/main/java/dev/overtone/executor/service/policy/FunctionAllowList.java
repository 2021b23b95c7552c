package dev.overtone.executor.service.policy;

import dev.overtone.executor.service.EngineKind;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The functions a statement may call on an engine: the resource {@code sandbox/<engine>-functions.txt}
 * (the same list the tenant databases grant EXECUTE from) plus the configured extra names.
 */
final class FunctionAllowList {
    private final Set<String> names;

    private FunctionAllowList(Set<String> names) {
        this.names = Set.copyOf(names);
    }

    static FunctionAllowList of(EngineKind engine, Collection<String> extra) {
        Set<String> names = new HashSet<>();
        lines(resource(engine)).forEach(n -> names.add(n.toLowerCase(Locale.ROOT)));
        extra.stream().map(n -> n.trim().toLowerCase(Locale.ROOT)).filter(n -> !n.isEmpty()).forEach(names::add);
        return new FunctionAllowList(names);
    }

    static String resource(EngineKind engine) {
        return "sandbox/" + (engine == EngineKind.POSTGRESQL ? "postgresql" : "sqlite") + "-functions.txt";
    }

    boolean allows(String function) {
        return names.contains(function);
    }

    int size() {
        return names.size();
    }

    /** The non-empty lines of a resource, without {@code #} comments. */
    static Set<String> lines(String resource) {
        Set<String> names = new HashSet<>();
        try (InputStream in = FunctionAllowList.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + resource + " is missing from the executor");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                int comment = line.indexOf('#');
                String name = (comment >= 0 ? line.substring(0, comment) : line).trim();
                if (!name.isEmpty()) {
                    names.add(name);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }
}

package dev.overtone.executor.service.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The tree walk reads the fields of the parser's nodes by reflection; a native image sees only the fields its
 * reflection configuration registers. Every node class the walk knows, and each of its parser superclasses,
 * must be registered with all its declared fields, and nothing else (a stale entry hides a renamed class).
 */
class NativeReflectionConfigTest {
    private static final String CONFIG = "META-INF/native-image/dev.overtone/executor-svc/reflect-config.json";

    @Test
    void everyNodeTheWalkKnowsIsRegisteredWithItsFields() throws Exception {
        Set<String> needed = new TreeSet<>();
        for (String node : FunctionAllowList.lines("sandbox/jsqlparser-nodes.txt")) {
            for (Class<?> type = Class.forName("net.sf.jsqlparser." + node); type != null
                    && type.getName().startsWith("net.sf.jsqlparser."); type = type.getSuperclass()) {
                needed.add(type.getName());
            }
        }
        assertThat(registeredWithFields()).isEqualTo(needed);
    }

    private static Set<String> registeredWithFields() throws IOException {
        String json;
        try (InputStream in = NativeReflectionConfigTest.class.getClassLoader().getResourceAsStream(CONFIG)) {
            assertThat(in).as(CONFIG).isNotNull();
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Set<String> names = new TreeSet<>();
        Matcher entry = Pattern.compile("\\{\"name\": \"([^\"]+)\", \"allDeclaredFields\": true}").matcher(json);
        while (entry.find()) {
            names.add(entry.group(1));
        }
        return names;
    }
}

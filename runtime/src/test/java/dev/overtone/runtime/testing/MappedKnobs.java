package dev.overtone.runtime.testing;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import io.smallrye.config.WithParentName;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The knobs of a configuration interface, walked by reflection as SmallRye maps them: each method a key in kebab case
 * (its {@code @WithName} where it has one), a nested group's methods under its own name, a map of groups' keys under
 * {@code *}.
 */
public final class MappedKnobs {

    /**
     * One knob.
     *
     * @param key         the whole key ({@code overtone.executor.limits.max-rows})
     * @param relative    the key below the interface's prefix ({@code limits.max-rows}), as the READMEs' tables name it
     * @param path        the methods that read it from a mapped instance, outermost first; empty under a map
     * @param codeDefault its {@code @WithDefault}, if any
     */
    public record Knob(String key, String relative, List<Method> path, Optional<String> codeDefault) {
        /** True for a key under a map of groups ({@code tenants.*.*.engine}): no one value to read. */
        public boolean underMap() {
            return relative.contains("*");
        }

        /** Its value in {@code mapped}, an instance of the walked interface. */
        public Object valueIn(Object mapped) {
            Object value = mapped;
            try {
                for (Method m : path) {
                    value = m.invoke(value);
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + key, e);
            }
            return value;
        }
    }

    private MappedKnobs() {
    }

    /** The knobs of a {@code @ConfigMapping} interface, under its prefix. */
    public static List<Knob> of(Class<?> mapping) {
        ConfigMapping annotation = mapping.getAnnotation(ConfigMapping.class);
        if (annotation == null) {
            throw new IllegalArgumentException(mapping.getName() + " is not a @ConfigMapping");
        }
        return of(mapping, annotation.prefix());
    }

    /** The knobs of a group interface under {@code prefix} (empty: the keys are the relative ones). */
    public static List<Knob> of(Class<?> group, String prefix) {
        List<Knob> knobs = new ArrayList<>();
        walk(group, prefix, "", List.of(), knobs);
        return knobs;
    }

    private static void walk(Class<?> group, String prefix, String relative, List<Method> path, List<Knob> out) {
        Method[] methods = group.getMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName));
        for (Method m : methods) {
            if (m.getParameterCount() > 0 || Modifier.isStatic(m.getModifiers()) || m.isDefault()) {
                continue;
            }
            String below = join(relative, m.isAnnotationPresent(WithParentName.class) ? "" : name(m));
            List<Method> to = relative.contains("*") ? List.of() : append(path, m);
            Type type = m.getGenericReturnType();
            if (isGroup(m.getReturnType())) {
                walk(m.getReturnType(), prefix, below, to, out);
            } else if (groupInMap(type) != null) {
                walk(groupInMap(type), prefix, below + ".*".repeat(mapDepth(type)), List.of(), out);
            } else {
                out.add(new Knob(join(prefix, below), below, to,
                        Optional.ofNullable(m.getAnnotation(WithDefault.class)).map(WithDefault::value)));
            }
        }
    }

    private static String name(Method m) {
        WithName n = m.getAnnotation(WithName.class);
        return n != null ? n.value() : m.getName().replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    private static boolean isGroup(Class<?> type) {
        return type.isInterface() && !type.getName().startsWith("java.");
    }

    /** The group at the bottom of nested maps ({@code Map<String, Map<String, G>>}), or null when they hold plain values. */
    private static Class<?> groupInMap(Type type) {
        Type value = type;
        for (int i = 0; i < mapDepth(type); i++) {
            value = ((ParameterizedType) value).getActualTypeArguments()[1];
        }
        return mapDepth(type) > 0 && value instanceof Class<?> c && isGroup(c) ? c : null;
    }

    private static int mapDepth(Type type) {
        int depth = 0;
        for (Type t = type; t instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw
                && Map.class.isAssignableFrom(raw); t = p.getActualTypeArguments()[1]) {
            depth++;
        }
        return depth;
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + "." + b;
    }

    private static List<Method> append(List<Method> path, Method m) {
        List<Method> out = new ArrayList<>(path);
        out.add(m);
        return List.copyOf(out);
    }
}

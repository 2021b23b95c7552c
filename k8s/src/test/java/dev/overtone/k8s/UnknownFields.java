package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;

/**
 * Fields the Kubernetes model does not know ({@code readinesProbe}, {@code nodeSelecter}):
 * fabric8 keeps them in each object's {@code additionalProperties} instead of failing, and
 * an API server with strict field validation would reject them. This walks the typed
 * object tree and reports each one with its path.
 */
final class UnknownFields {

    private static final String MODEL_PACKAGE = "io.fabric8.kubernetes.api.model";

    private UnknownFields() {
    }

    static void collect(HasMetadata object, List<String> violations) {
        if (object instanceof GenericKubernetesResource) {
            return; // a CRD kind: no schema to hold it to
        }
        walk(object, ManifestChecker.describe(object), violations);
    }

    private static void walk(Object node, String path, List<String> violations) {
        if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                walk(list.get(i), path + "[" + i + "]", violations);
            }
            return;
        }
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> walk(value, path + "." + key, violations));
            return;
        }
        if (node == null || !node.getClass().getName().startsWith(MODEL_PACKAGE)) {
            return;
        }
        for (Method getter : node.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || Modifier.isStatic(getter.getModifiers())
                    || !getter.getName().startsWith("get") || getter.getName().equals("getClass")) {
                continue;
            }
            Object value = invoke(getter, node);
            if (getter.getName().equals("getAdditionalProperties")) {
                if (value instanceof Map<?, ?> unknown) {
                    unknown.keySet().forEach(field -> violations.add(path + ": unknown field '" + field + "'"));
                }
            } else {
                walk(value, path + "." + property(getter.getName()), violations);
            }
        }
    }

    private static Object invoke(Method getter, Object target) {
        try {
            return getter.invoke(target);
        } catch (IllegalAccessException | InvocationTargetException e) {
            return null;
        }
    }

    private static String property(String getter) {
        return Character.toLowerCase(getter.charAt(3)) + getter.substring(4);
    }
}

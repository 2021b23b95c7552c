package dev.overtone.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The subset of Kubernetes strategic-merge-patch semantics our overlays use, applied to
 * JSON trees: maps merge recursively, a {@code null} value deletes the key, and lists
 * merge element-by-element on the merge key Kubernetes declares for them (containers,
 * volumes, env by {@code name}; volumeMounts by {@code mountPath}; container ports by
 * {@code containerPort}, Service ports by {@code port}). Every other list is replaced,
 * as kubectl does for lists without a merge key. Patch directives ({@code $patch},
 * {@code $retainKeys}, ...) are refused rather than half-implemented.
 */
final class StrategicMerge {

    private static final Map<String, String> NAME_KEYED = Map.of(
            "containers", "name",
            "initContainers", "name",
            "ephemeralContainers", "name",
            "volumes", "name",
            "env", "name",
            "imagePullSecrets", "name",
            "volumeMounts", "mountPath");

    private StrategicMerge() {
    }

    /** Applies {@code patch} onto {@code target} in place. */
    static void apply(ObjectNode target, ObjectNode patch) {
        Iterator<Map.Entry<String, JsonNode>> fields = patch.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            if (key.startsWith("$")) {
                throw new IllegalArgumentException("patch directive '" + key
                        + "' is not supported by the test renderer; write the patch without it");
            }
            JsonNode current = target.get(key);
            if (value.isNull()) {
                target.remove(key);
            } else if (value.isObject() && current != null && current.isObject()) {
                apply((ObjectNode) current, (ObjectNode) value);
            } else if (value.isArray() && current != null && current.isArray()) {
                Optional<String> mergeKey = mergeKey(key, (ArrayNode) value, (ArrayNode) current);
                if (mergeKey.isPresent()) {
                    mergeList((ArrayNode) current, (ArrayNode) value, mergeKey.get());
                } else {
                    target.set(key, value.deepCopy());
                }
            } else {
                target.set(key, value.deepCopy());
            }
        }
    }

    private static Optional<String> mergeKey(String field, ArrayNode patch, ArrayNode current) {
        if (NAME_KEYED.containsKey(field)) {
            return Optional.of(NAME_KEYED.get(field));
        }
        if (field.equals("ports")) {
            JsonNode sample = patch.isEmpty() ? current.path(0) : patch.path(0);
            return Optional.of(sample.has("containerPort") ? "containerPort" : "port");
        }
        return Optional.empty();
    }

    /**
     * Kustomize's order: the patch's elements first (merged into the existing element
     * with the same key, if any), then the untouched existing elements in their order.
     */
    private static void mergeList(ArrayNode current, ArrayNode patch, String mergeKey) {
        List<JsonNode> untouched = new ArrayList<>();
        current.forEach(untouched::add);
        List<JsonNode> merged = new ArrayList<>();
        for (JsonNode element : patch) {
            if (!element.isObject() || !element.has(mergeKey)) {
                throw new IllegalArgumentException("list element without merge key '" + mergeKey + "': " + element);
            }
            Optional<JsonNode> existing = untouched.stream()
                    .filter(candidate -> candidate.path(mergeKey).equals(element.get(mergeKey)))
                    .findFirst();
            if (existing.isPresent()) {
                untouched.remove(existing.get());
                apply((ObjectNode) existing.get(), (ObjectNode) element);
                merged.add(existing.get());
            } else {
                merged.add(element.deepCopy());
            }
        }
        current.removeAll();
        merged.forEach(current::add);
        untouched.forEach(current::add);
    }
}

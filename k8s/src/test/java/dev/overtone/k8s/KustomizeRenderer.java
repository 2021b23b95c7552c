package dev.overtone.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Renders a kustomization directory the way {@code kubectl kustomize} does, for the
 * subset of Kustomize that {@code k8s/} uses: {@code resources} (files, or directories
 * holding a kustomization), {@code patches} (strategic-merge patches by {@code path},
 * one or more documents, each finding its target by apiVersion, kind and name),
 * {@code namespace} and {@code images} (name, newName, newTag). Any other field of a
 * kustomization.yaml is refused, so the manifests cannot drift into features this
 * renderer would silently ignore.
 */
final class KustomizeRenderer {

    private static final Set<String> SUPPORTED = Set.of(
            "apiVersion", "kind", "resources", "patches", "namespace", "images");
    private static final Set<String> CLUSTER_SCOPED = Set.of(
            "Namespace", "ClusterRole", "ClusterRoleBinding", "PersistentVolume",
            "StorageClass", "CustomResourceDefinition", "PriorityClass");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** All documents of the kustomization in {@code dir}, transformed. */
    List<ObjectNode> render(Path dir) {
        Path file = dir.resolve("kustomization.yaml");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(dir + " has no kustomization.yaml");
        }
        ObjectNode kustomization = (ObjectNode) readDocuments(file).get(0);
        kustomization.fieldNames().forEachRemaining(field -> {
            if (!SUPPORTED.contains(field)) {
                throw new IllegalArgumentException(file + " uses '" + field
                        + "', which the test renderer does not implement (supported: " + SUPPORTED + ")");
            }
        });

        List<ObjectNode> objects = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (JsonNode resource : kustomization.path("resources")) {
            Path path = dir.resolve(resource.asText()).normalize();
            List<ObjectNode> loaded = Files.isDirectory(path) ? render(path) : readObjects(path);
            for (ObjectNode object : loaded) {
                if (!ids.add(id(object))) {
                    throw new IllegalArgumentException(file + ": " + id(object) + " is defined twice");
                }
                objects.add(object);
            }
        }
        for (JsonNode patch : kustomization.path("patches")) {
            if (!patch.has("path") || patch.size() != 1) {
                throw new IllegalArgumentException(file + ": only 'patches: - path: <file>' is supported, got " + patch);
            }
            for (ObjectNode document : readObjects(dir.resolve(patch.get("path").asText()))) {
                ObjectNode target = objects.stream()
                        .filter(object -> id(object).equals(id(document)))
                        .findFirst()
                        .orElseThrow(() -> new IllegalArgumentException(
                                file + ": patch target " + id(document) + " not found"));
                StrategicMerge.apply(target, document);
            }
        }
        if (kustomization.hasNonNull("namespace")) {
            String namespace = kustomization.get("namespace").asText();
            objects.stream()
                    .filter(object -> !CLUSTER_SCOPED.contains(object.path("kind").asText()))
                    .forEach(object -> ((ObjectNode) object.get("metadata")).put("namespace", namespace));
        }
        for (JsonNode image : kustomization.path("images")) {
            objects.forEach(object -> retag(object, image));
        }
        return objects;
    }

    /** apiVersion/kind/name: the identity a patch or a duplicate check goes by. */
    static String id(JsonNode object) {
        return object.path("apiVersion").asText() + "/" + object.path("kind").asText()
                + "/" + object.path("metadata").path("name").asText();
    }

    private static void retag(JsonNode node, JsonNode image) {
        if (node.isObject()) {
            for (String field : List.of("containers", "initContainers")) {
                for (JsonNode container : node.path(field)) {
                    String current = container.path("image").asText("");
                    int cut = indexOfTagOrDigest(current);
                    String name = current.substring(0, cut);
                    if (name.equals(image.path("name").asText())) {
                        String newName = image.path("newName").asText(name);
                        String tag = image.has("newTag") ? ":" + image.get("newTag").asText() : current.substring(cut);
                        ((ObjectNode) container).put("image", newName + tag);
                    }
                }
            }
        }
        if (node.isContainerNode()) {
            node.forEach(child -> retag(child, image));
        }
    }

    private static int indexOfTagOrDigest(String image) {
        int digest = image.indexOf('@');
        int end = digest >= 0 ? digest : image.length();
        int colon = image.lastIndexOf(':', end - 1);
        return colon > image.lastIndexOf('/') ? colon : end;
    }

    private static List<ObjectNode> readObjects(Path file) {
        List<ObjectNode> objects = new ArrayList<>();
        for (JsonNode document : readDocuments(file)) {
            if (!document.isObject() || !document.has("kind") || !document.path("metadata").has("name")) {
                throw new IllegalArgumentException(file + ": a document without kind or metadata.name");
            }
            objects.add((ObjectNode) document);
        }
        return objects;
    }

    private static List<JsonNode> readDocuments(Path file) {
        try (MappingIterator<JsonNode> documents = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
            List<JsonNode> result = new ArrayList<>();
            while (documents.hasNext()) {
                JsonNode document = documents.next();
                if (document != null && !document.isNull() && !document.isMissingNode()) {
                    result.add(document);
                }
            }
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}

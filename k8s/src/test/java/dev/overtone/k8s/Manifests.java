package dev.overtone.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A kustomization rendered by {@code kubectl kustomize}, the Kustomize that {@code kubectl apply -k} runs, as typed
 * fabric8 model objects (Deployment, Service, NetworkPolicy, ...).
 */
final class Manifests {

    static final String KUBECTL = "kubectl";
    /** Kinds from CRDs that fabric8's core model does not type; everything else must be typed. */
    static final Set<String> UNTYPED_KINDS = Set.of("ServiceMonitor");

    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final long TIMEOUT_SECONDS = 120;

    private Manifests() {
    }

    static List<HasMetadata> render(Path kustomization) {
        return render(KUBECTL, kustomization);
    }

    /** {@code kubectl} is the program to run: a name on the PATH or a path. */
    static List<HasMetadata> render(String kubectl, Path kustomization) {
        return documents(kustomize(kubectl, kustomization)).stream().map(Manifests::typed).toList();
    }

    static HasMetadata typed(JsonNode document) {
        KubernetesResource resource = SERIALIZATION.convertValue(document, KubernetesResource.class);
        String kind = document.path("kind").asText();
        if (resource instanceof GenericKubernetesResource && !UNTYPED_KINDS.contains(kind)) {
            throw new IllegalArgumentException("no typed model for " + document.path("apiVersion").asText() + "/" + kind
                    + "/" + document.path("metadata").path("name").asText() + " (misspelled apiVersion or kind?)");
        }
        return (HasMetadata) resource;
    }

    /** A deep copy, for tests that break one object and keep the original intact. */
    static List<HasMetadata> copy(List<HasMetadata> objects) {
        return objects.stream().map(SERIALIZATION::clone).toList();
    }

    private static byte[] kustomize(String kubectl, Path kustomization) {
        List<String> command = List.of(kubectl, "kustomize", kustomization.toString());
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run '" + kubectl + "': the manifest test renders the overlays with"
                    + " `kubectl kustomize`, as `kubectl apply -k` does. Install kubectl 1.27 or later (Kustomize 5 is"
                    + " built in) on the PATH, or leave this module out: ./mvnw verify -pl '!k8s'", e);
        }
        try (InputStream out = process.getInputStream(); InputStream err = process.getErrorStream()) {
            CompletableFuture<byte[]> errors = CompletableFuture.supplyAsync(() -> readAll(err));
            byte[] output = out.readAllBytes();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed (exit " + process.exitValue() + "): "
                        + new String(errors.join(), StandardCharsets.UTF_8).strip());
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the output of " + String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while " + String.join(" ", command) + " ran", e);
        }
    }

    private static byte[] readAll(InputStream stream) {
        try {
            return stream.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<JsonNode> documents(byte[] yaml) {
        List<JsonNode> documents = new ArrayList<>();
        try (MappingIterator<JsonNode> iterator = YAML.readerFor(JsonNode.class).readValues(yaml)) {
            iterator.forEachRemaining(document -> {
                if (document != null && document.isObject()) {
                    documents.add(document);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("kubectl kustomize wrote no YAML the test can read", e);
        }
        return documents;
    }
}

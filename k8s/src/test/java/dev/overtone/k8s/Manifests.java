package dev.overtone.k8s;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** Rendered documents as typed fabric8 model objects (Deployment, Service, NetworkPolicy, ...). */
final class Manifests {

    /** Kinds from CRDs that fabric8's core model does not type; everything else must be typed. */
    static final Set<String> UNTYPED_KINDS = Set.of("ServiceMonitor");

    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    private Manifests() {
    }

    static List<HasMetadata> render(Path kustomization) {
        return new KustomizeRenderer().render(kustomization).stream().map(Manifests::typed).toList();
    }

    static HasMetadata typed(ObjectNode document) {
        KubernetesResource resource = SERIALIZATION.convertValue(document, KubernetesResource.class);
        String kind = document.path("kind").asText();
        if (resource instanceof GenericKubernetesResource && !UNTYPED_KINDS.contains(kind)) {
            throw new IllegalArgumentException("no typed model for " + KustomizeRenderer.id(document)
                    + " (misspelled apiVersion or kind?)");
        }
        return (HasMetadata) resource;
    }

    /** A deep copy, for tests that break one object and keep the original intact. */
    static List<HasMetadata> copy(List<HasMetadata> objects) {
        return objects.stream().map(SERIALIZATION::clone).toList();
    }
}

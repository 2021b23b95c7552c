package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Service;

import java.util.List;
import java.util.Map;

/** What the checks read of a ServiceMonitor (a CRD, so untyped): its Service selector and endpoints. */
record MonitorSpec(Map<String, String> matchLabels, List<Map<String, Object>> endpoints) {

    @SuppressWarnings("unchecked")
    static MonitorSpec of(GenericKubernetesResource monitor) {
        Map<String, Object> spec = (Map<String, Object>) monitor.getAdditionalProperties().getOrDefault("spec", Map.of());
        Map<String, Object> selector = (Map<String, Object>) spec.getOrDefault("selector", Map.of());
        return new MonitorSpec((Map<String, String>) selector.getOrDefault("matchLabels", Map.of()),
                (List<Map<String, Object>>) spec.getOrDefault("endpoints", List.of()));
    }

    boolean selects(Service service) {
        return !matchLabels.isEmpty() && service.getMetadata().getLabels() != null
                && service.getMetadata().getLabels().entrySet().containsAll(matchLabels.entrySet());
    }
}

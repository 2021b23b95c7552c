package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A pod template and what owns it (Deployment or StatefulSet). */
record Workload(HasMetadata owner, LabelSelector selector, PodTemplateSpec template,
                Integer replicas, List<PersistentVolumeClaim> claimTemplates) {

    String describe() {
        return owner.getKind() + " " + owner.getMetadata().getName();
    }

    Map<String, String> labels() {
        return Optional.ofNullable(template.getMetadata().getLabels()).orElse(Map.of());
    }

    PodSpec pod() {
        return template.getSpec();
    }

    boolean isDeployment(String name) {
        return owner.getKind().equals("Deployment") && owner.getMetadata().getName().equals(name);
    }
}

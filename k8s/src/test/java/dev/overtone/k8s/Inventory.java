package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Lookups over one rendered overlay. */
record Inventory(List<HasMetadata> objects) {

    <T extends HasMetadata> List<T> of(Class<T> type) {
        return objects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    <T extends HasMetadata> Optional<T> named(Class<T> type, String name) {
        return of(type).stream().filter(object -> object.getMetadata().getName().equals(name)).findFirst();
    }

    List<GenericKubernetesResource> untyped(String kind) {
        return of(GenericKubernetesResource.class).stream().filter(object -> kind.equals(object.getKind())).toList();
    }

    List<Workload> workloads() {
        List<Workload> workloads = new ArrayList<>();
        of(Deployment.class).forEach(d -> workloads.add(new Workload(d, d.getSpec().getSelector(),
                d.getSpec().getTemplate(), d.getSpec().getReplicas(), List.of())));
        of(StatefulSet.class).forEach(s -> workloads.add(new Workload(s, s.getSpec().getSelector(),
                s.getSpec().getTemplate(), s.getSpec().getReplicas(),
                Optional.ofNullable(s.getSpec().getVolumeClaimTemplates()).orElse(List.of()))));
        return workloads;
    }

    Optional<Workload> deployment(String name) {
        return workloads().stream().filter(workload -> workload.isDeployment(name)).findFirst();
    }

    /** The container of Deployment {@code name} that has the same name (an Overtone service's own container). */
    Optional<Container> serviceContainer(String name) {
        return deployment(name).flatMap(workload -> workload.pod().getContainers().stream()
                .filter(container -> container.getName().equals(name)).findFirst());
    }

    List<Workload> selectedBy(LabelSelector selector) {
        return workloads().stream().filter(workload -> matches(selector, workload.labels())).toList();
    }

    /**
     * The variables a container sees, as the kubelet sets them: every key of the ConfigMaps it takes whole, in
     * order (the later winning), then its own env. A variable set from a reference (valueFrom) maps to null.
     */
    Map<String, String> environment(Container container) {
        Map<String, String> environment = new HashMap<>();
        Optional.ofNullable(container.getEnvFrom()).orElse(List.of()).stream()
                .filter(source -> source.getConfigMapRef() != null)
                .flatMap(source -> named(ConfigMap.class, source.getConfigMapRef().getName()).stream())
                .forEach(config -> environment.putAll(Optional.ofNullable(config.getData()).orElse(Map.of())));
        Optional.ofNullable(container.getEnv()).orElse(List.of()).forEach(env -> environment.put(env.getName(), env.getValue()));
        return environment;
    }

    static boolean matches(LabelSelector selector, Map<String, String> labels) {
        if (selector == null) {
            return false;
        }
        Map<String, String> required = Optional.ofNullable(selector.getMatchLabels()).orElse(Map.of());
        if (!labels.entrySet().containsAll(required.entrySet())) {
            return false;
        }
        for (LabelSelectorRequirement requirement : Optional.ofNullable(selector.getMatchExpressions()).orElse(List.of())) {
            String value = labels.get(requirement.getKey());
            List<String> values = Optional.ofNullable(requirement.getValues()).orElse(List.of());
            boolean ok = switch (requirement.getOperator()) {
                case "In" -> value != null && values.contains(value);
                case "NotIn" -> value == null || !values.contains(value);
                case "Exists" -> value != null;
                case "DoesNotExist" -> value == null;
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    static boolean isEmpty(LabelSelector selector) {
        return selector == null
                || (selector.getMatchLabels() == null || selector.getMatchLabels().isEmpty())
                && (selector.getMatchExpressions() == null || selector.getMatchExpressions().isEmpty());
    }
}

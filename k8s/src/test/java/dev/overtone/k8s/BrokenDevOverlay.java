package dev.overtone.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import org.junit.jupiter.api.BeforeEach;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The checker is only worth something if it fails: each test of a subclass breaks one thing in a copy of the dev
 * overlay as {@code kubectl kustomize} renders it, and expects exactly the violation that names it.
 */
abstract class BrokenDevOverlay {

    List<HasMetadata> objects;
    Inventory inventory;

    @BeforeEach
    void copyTheDevOverlay() {
        objects = new ArrayList<>(Manifests.copy(Overlay.DEV.render()));
        inventory = new Inventory(objects);
    }

    List<String> violations() {
        return Overlay.DEV.checker().check(objects);
    }

    /** The broken copy has exactly one violation, and it says each of these. */
    void assertTheOnlyViolationSays(String... parts) {
        assertThat(violations()).singleElement().asString().contains(parts);
    }

    /** The broken copy has exactly one violation, and it is this. */
    void assertTheOnlyViolationIs(String violation) {
        assertThat(violations()).singleElement().asString().isEqualTo(violation);
    }

    Deployment deployment(String name) {
        return inventory.named(Deployment.class, name).orElseThrow();
    }

    Container container(String service) {
        return deployment(service).getSpec().getTemplate().getSpec().getContainers().stream()
                .filter(c -> c.getName().equals(service)).findFirst().orElseThrow();
    }

    Map<String, String> configMap(String name) {
        return inventory.named(ConfigMap.class, name).orElseThrow().getData();
    }

    Map<String, String> clients() {
        return configMap(ManifestChecker.GRPC_CLIENTS);
    }

    void removeEnvFrom(String service, String configMap) {
        container(service).getEnvFrom().removeIf(source -> source.getConfigMapRef() != null
                && configMap.equals(source.getConfigMapRef().getName()));
    }

    void mutateEnv(String deployment, Consumer<EnvVar> change, String name) {
        deployment(deployment).getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().stream()
                .filter(env -> env.getName().equals(name)).findFirst().ifPresentOrElse(change, () -> {
                    throw new AssertionError(deployment + " has no env " + name);
                });
    }

    ContainerPort containerPort(String service, String name) {
        return container(service).getPorts().stream().filter(port -> port.getName().equals(name)).findFirst().orElseThrow();
    }

    ServicePort servicePort(String service, String name) {
        return inventory.named(Service.class, service).orElseThrow().getSpec().getPorts().stream()
                .filter(port -> port.getName().equals(name)).findFirst().orElseThrow();
    }

    List<NetworkPolicyPort> ingressPorts(String policy) {
        return inventory.named(NetworkPolicy.class, policy).orElseThrow().getSpec().getIngress().get(0).getPorts();
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> serviceMonitorEndpoint() {
        GenericKubernetesResource monitor = inventory.untyped("ServiceMonitor").stream()
                .filter(m -> m.getMetadata().getName().equals("overtone-services")).findFirst().orElseThrow();
        Map<String, Object> spec = (Map<String, Object>) monitor.getAdditionalProperties().get("spec");
        return ((List<Map<String, Object>>) spec.get("endpoints")).get(0);
    }
}

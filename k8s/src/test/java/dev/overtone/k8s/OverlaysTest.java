package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Renders each overlay with kubectl kustomize and holds it to {@link ManifestChecker}'s invariants. */
class OverlaysTest {

    @ParameterizedTest
    @EnumSource(Overlay.class)
    void everyOverlayHoldsTheInvariants(Overlay overlay) {
        List<HasMetadata> objects = overlay.render();

        assertThat(overlay.checker().check(objects)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Overlay.class)
    void everyServiceIsDeployedAndAutoscales(Overlay overlay) {
        Inventory inventory = new Inventory(overlay.render());

        assertThat(inventory.of(Deployment.class)).extracting(d -> d.getMetadata().getName())
                .containsAll(ServicePorts.SERVICES);
        assertThat(inventory.of(HorizontalPodAutoscaler.class)).extracting(h -> h.getSpec().getScaleTargetRef().getName())
                .containsExactlyInAnyOrderElementsOf(ServicePorts.SERVICES);
        assertThat(inventory.named(NetworkPolicy.class, "default-deny-all")).hasValueSatisfying(policy -> {
            assertThat(policy.getSpec().getPodSelector().getMatchLabels()).isNullOrEmpty();
            assertThat(policy.getSpec().getPolicyTypes()).containsExactlyInAnyOrder("Ingress", "Egress");
        });
    }

    @Test
    void devRunsItsOwnPostgresAndOneVllm() {
        Inventory inventory = new Inventory(Overlay.DEV.render());

        assertThat(inventory.of(StatefulSet.class)).extracting(s -> s.getMetadata().getName())
                .containsExactlyInAnyOrder("postgres", "tenant-postgres");
        assertThat(vllms(inventory)).containsExactly("vllm-llama");
        assertThat(inventory.named(HorizontalPodAutoscaler.class, "clarify-svc")).hasValueSatisfying(
                h -> assertThat(h.getSpec().getMinReplicas()).isEqualTo(1));
    }

    @Test
    void prodServesTheCoder32bOnTwoGpusAndUsesExternalDatabases() {
        Inventory inventory = new Inventory(Overlay.PROD.render());

        assertThat(inventory.of(StatefulSet.class)).isEmpty();
        assertThat(vllms(inventory)).containsExactlyInAnyOrder("vllm-llama", "vllm-coder");
        Container coder = inventory.named(Deployment.class, "vllm-coder").orElseThrow()
                .getSpec().getTemplate().getSpec().getContainers().get(0);
        assertThat(coder.getArgs()).contains("Qwen/Qwen2.5-Coder-32B-Instruct", "--tensor-parallel-size=2");
        assertThat(coder.getResources().getLimits()).containsEntry("nvidia.com/gpu", new Quantity("2"));
        assertThat(inventory.named(HorizontalPodAutoscaler.class, "parser-svc")).hasValueSatisfying(
                h -> assertThat(h.getSpec().getMinReplicas()).isEqualTo(3));
        assertThat(inventory.named(Deployment.class, "executor-svc").orElseThrow()
                .getSpec().getTemplate().getSpec().getContainers().get(0).getImage())
                .isEqualTo("registry.example.com/overtone/executor-svc:0.1.0");
    }

    @Test
    void vllmRunsOnGpuNodes() {
        Inventory inventory = new Inventory(Overlay.PROD.render());

        for (String name : List.of("vllm-llama", "vllm-coder")) {
            var pod = inventory.named(Deployment.class, name).orElseThrow().getSpec().getTemplate().getSpec();
            assertThat(pod.getNodeSelector()).containsEntry("nvidia.com/gpu.present", "true");
            assertThat(pod.getTolerations()).anySatisfy(t -> assertThat(t.getKey()).isEqualTo("nvidia.com/gpu"));
            assertThat(pod.getContainers().get(0).getResources().getLimits()).containsKey("nvidia.com/gpu");
            assertThat(pod.getContainers().get(0).getReadinessProbe().getHttpGet().getPath()).isEqualTo("/health");
        }
    }

    @Test
    void theReadmeDocumentsEverySecretCreatedOutOfBand() throws IOException {
        String readme = Files.readString(Overlay.checkout().resolve("k8s/README.md"));

        for (Overlay overlay : Overlay.values()) {
            for (Map.Entry<String, java.util.Set<String>> secret : overlay.externalSecrets.entrySet()) {
                assertThat(readme).contains(secret.getKey());
                secret.getValue().forEach(key -> assertThat(readme).contains(key));
            }
        }
    }

    private static List<String> vllms(Inventory inventory) {
        return inventory.of(Deployment.class).stream()
                .filter(d -> "llm".equals(d.getMetadata().getLabels().get("app.kubernetes.io/component")))
                .map(d -> d.getMetadata().getName())
                .toList();
    }
}

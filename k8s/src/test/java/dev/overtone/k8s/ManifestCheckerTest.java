package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checker is only worth something if it fails: each test breaks one thing in a
 * copy of the rendered dev overlay and expects exactly the violation that names it.
 */
class ManifestCheckerTest {

    private static final List<HasMetadata> DEV = Overlay.DEV.render();

    private List<HasMetadata> objects;
    private ManifestChecker.Inventory inventory;

    @BeforeEach
    void copyTheDevOverlay() {
        objects = Manifests.copy(DEV);
        inventory = new ManifestChecker.Inventory(objects);
    }

    @Test
    void theUnbrokenCopyPasses() {
        assertThat(violations()).isEmpty();
    }

    @Test
    void aServiceSelectorThatMatchesNoPodFails() {
        inventory.named(Service.class, "parser-svc").orElseThrow().getSpec()
                .setSelector(Map.of("app.kubernetes.io/name", "parser"));

        assertThat(violations()).singleElement().asString()
                .contains("Service parser-svc", "matches no pod template");
    }

    @Test
    void aDeploymentSelectorThatMissesItsTemplateFails() {
        deployment("executor-svc").getSpec().getSelector().setMatchLabels(Map.of("app.kubernetes.io/name", "executor"));

        assertThat(violations()).anySatisfy(v -> assertThat(v)
                .contains("Deployment executor-svc", "does not match its pod template labels"));
    }

    @Test
    void aMissingReadinessProbeFails() {
        container("interpreter-svc").setReadinessProbe(null);

        assertThat(violations()).singleElement().asString()
                .contains("interpreter-svc container interpreter-svc has no readinessProbe");
    }

    @Test
    void aMissingStartupProbeOnVllmFails() {
        deployment("vllm-llama").getSpec().getTemplate().getSpec().getContainers().get(0).setStartupProbe(null);

        assertThat(violations()).singleElement().asString().contains("vllm-llama container vllm has no startupProbe");
    }

    @Test
    void aProbeOnAPortTheContainerDoesNotExposeFails() {
        container("clarify-svc").getLivenessProbe().getHttpGet().setPort(new IntOrString("http"));

        assertThat(violations()).singleElement().asString().contains("livenessProbe probes port http");
    }

    @Test
    void missingResourcesAndSecurityContextFail() {
        Container infill = container("infill-svc");
        infill.setResources(null);
        infill.setSecurityContext(null);

        assertThat(violations()).contains(
                "Deployment infill-svc container infill-svc has no cpu and memory requests",
                "Deployment infill-svc container infill-svc has no memory limit",
                "Deployment infill-svc container infill-svc has no securityContext");
    }

    @Test
    void aContainerPortThatDisagreesWithApplicationPropertiesFails() {
        container("parser-svc").getPorts().get(0).setContainerPort(8080);

        assertThat(violations()).anySatisfy(v -> assertThat(v)
                .contains("Deployment parser-svc: container port grpc is 8080, but quarkus.http.port is 8093"));
    }

    @Test
    void aGrpcClientPointingAtTheWrongPortFails() {
        inventory.named(ConfigMap.class, ManifestChecker.GRPC_CLIENTS).orElseThrow().getData()
                .put("QUARKUS_GRPC_CLIENTS_EXECUTOR_PORT", "8093");

        assertThat(violations()).singleElement().asString().contains("QUARKUS_GRPC_CLIENTS_EXECUTOR_HOST/PORT");
    }

    @Test
    void aNetworkPolicyThatSelectsNothingFails() {
        inventory.named(NetworkPolicy.class, "executor-svc").orElseThrow().getSpec().getPodSelector()
                .setMatchLabels(Map.of("app.kubernetes.io/name", "executor"));

        assertThat(violations()).singleElement().asString()
                .contains("NetworkPolicy executor-svc: podSelector selects no pod");
    }

    @Test
    void anHpaOnAMissingDeploymentOrAgainstFixedReplicasFails() {
        inventory.named(HorizontalPodAutoscaler.class, "parser-svc").orElseThrow().getSpec().getScaleTargetRef()
                .setName("parser");
        deployment("executor-svc").getSpec().setReplicas(2);

        assertThat(violations()).containsExactlyInAnyOrder(
                "HorizontalPodAutoscaler parser-svc scales Deployment parser, which is not rendered",
                "HorizontalPodAutoscaler executor-svc: Deployment executor-svc sets spec.replicas,"
                        + " which every apply would reset under the autoscaler");
    }

    @Test
    void anInfillModelNameVllmDoesNotServeFails() {
        inventory.named(ConfigMap.class, "infill-svc-config").orElseThrow().getData()
                .put("OVERTONE_INFILL_MODEL_NAME", "ambiqt-infilling");

        assertThat(violations()).singleElement().asString()
                .contains("model ambiqt-infilling is not served by vllm-llama");
    }

    @Test
    void twoSpellingsOfOneServicesLlmEndpointThatDisagreeFail() {
        inventory.named(ConfigMap.class, "parser-svc-config").orElseThrow().getData()
                .put("OVERTONE_PARSER_LLM_MODEL", "ambiqt-infill");

        assertThat(violations()).singleElement().asString()
                .contains("ConfigMap parser-svc-config: its spellings of the LLM endpoint disagree");
    }

    @Test
    void anLlmSettingNoServiceReadsFails() {
        inventory.named(ConfigMap.class, "infill-svc-config").orElseThrow().getData()
                .put("OVERTONE_INFILL_LLM_BASE_URL", "http://vllm-llama:8000/v1");

        assertThat(violations()).singleElement().asString()
                .contains("OVERTONE_INFILL_LLM_BASE_URL is no LLM setting the services read");
    }

    @Test
    void anLlmCallerWithoutTheNetworkPolicyLabelFails() {
        deployment("parser-svc").getSpec().getTemplate().getMetadata().getLabels()
                .remove(ManifestChecker.LLM_CLIENT_LABEL);

        assertThat(violations()).singleElement().asString()
                .contains("Deployment parser-svc is configured with an LLM endpoint but lacks the label");
    }

    @Test
    void aFieldTheKubernetesModelDoesNotKnowFails() {
        container("executor-svc").setAdditionalProperty("readinesProbe", Map.of("periodSeconds", 5));

        assertThat(violations()).singleElement().asString()
                .contains("Deployment executor-svc", "containers[0]", "unknown field 'readinesProbe'");
    }

    @Test
    void aSecretKeyThatDoesNotExistFails() {
        mutateEnv("clarify-svc", env -> env.getValueFrom().getSecretKeyRef().setKey("user"), "OVERTONE_PG_USER");

        assertThat(violations()).singleElement().asString()
                .contains("refers to key user of Secret overtone-postgres, which it lacks");
    }

    @Test
    void anUndocumentedExternalSecretFails() {
        mutateEnv("vllm-llama", env -> env.getValueFrom().getSecretKeyRef().setName("huggingface"), "HF_TOKEN");

        assertThat(violations()).singleElement().asString()
                .contains("Secret huggingface, which is neither rendered nor documented");
    }

    private void mutateEnv(String deployment, Consumer<io.fabric8.kubernetes.api.model.EnvVar> change, String name) {
        deployment(deployment).getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().stream()
                .filter(env -> env.getName().equals(name)).findFirst().ifPresentOrElse(change, () -> {
                    throw new AssertionError(deployment + " has no env " + name);
                });
    }

    private Deployment deployment(String name) {
        return inventory.named(Deployment.class, name).orElseThrow();
    }

    private Container container(String service) {
        return deployment(service).getSpec().getTemplate().getSpec().getContainers().stream()
                .filter(c -> c.getName().equals(service)).findFirst().orElseThrow();
    }

    private List<String> violations() {
        return Overlay.DEV.checker().check(objects);
    }
}

package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
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
        objects = new ArrayList<>(Manifests.copy(DEV));
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
    void aServiceWithoutTheJvmMemorySettingsFails() {
        container("executor-svc").getEnvFrom().removeIf(source -> source.getConfigMapRef() != null
                && "overtone-jvm".equals(source.getConfigMapRef().getName()));

        assertThat(violations()).containsExactlyInAnyOrder(
                "Deployment executor-svc container executor-svc does not set GC_CONTAINER_OPTIONS (ConfigMap overtone-jvm)",
                "Deployment executor-svc container executor-svc does not set JAVA_MAX_MEM_RATIO (ConfigMap overtone-jvm)",
                "Deployment executor-svc container executor-svc does not set MALLOC_ARENA_MAX (ConfigMap overtone-jvm)");
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
        deployment("vllm-llama").getSpec().getTemplate().getSpec().getContainers().get(0)
                .getLivenessProbe().getHttpGet().setPort(new IntOrString("metrics"));

        assertThat(violations()).singleElement().asString()
                .contains("vllm-llama container vllm livenessProbe probes port metrics, which the container does not expose");
    }

    @Test
    void aHealthProbeOnTheGrpcPortFails() {
        container("clarify-svc").getLivenessProbe().getHttpGet().setPort(new IntOrString("grpc"));

        assertThat(violations()).singleElement().asString().isEqualTo("Deployment clarify-svc: livenessProbe probes"
                + " port grpc, but /q/health is served on port http (8101, quarkus.http.port)");
    }

    @Test
    void aHealthProbeOnTheWrongEndpointFails() {
        container("infill-svc").getLivenessProbe().getHttpGet().setPath("/q/health/ready");

        assertThat(violations()).singleElement().asString()
                .isEqualTo("Deployment infill-svc: livenessProbe gets /q/health/ready, not /q/health/live");
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
    void aGrpcContainerPortThatDisagreesWithApplicationPropertiesFails() {
        containerPort("parser-svc", "grpc").setContainerPort(8080);

        assertThat(violations()).contains(
                "Deployment parser-svc: container port grpc is 8080, but quarkus.grpc.server.port is 8093");
    }

    @Test
    void anHttpContainerPortThatDisagreesWithApplicationPropertiesFails() {
        containerPort("executor-svc", "http").setContainerPort(8094);

        assertThat(violations()).contains(
                "Deployment executor-svc: container port http is 8094, but quarkus.http.port is 8104");
    }

    @Test
    void aContainerWithoutItsHttpPortFails() {
        container("interpreter-svc").getPorts().removeIf(port -> port.getName().equals("http"));

        assertThat(violations()).contains(
                "Deployment interpreter-svc: container port http is missing, but quarkus.http.port is 8100");
    }

    @Test
    void aServicePortThatDisagreesWithApplicationPropertiesFails() {
        servicePort("infill-svc", "grpc").setPort(8102);

        assertThat(violations()).singleElement().asString()
                .isEqualTo("Service infill-svc: port grpc is 8102, but quarkus.grpc.server.port is 8092");
    }

    @Test
    void aServiceGrpcPortThatTargetsTheHttpPortFails() {
        servicePort("executor-svc", "grpc").setTargetPort(new IntOrString("http"));

        assertThat(violations()).singleElement().asString().isEqualTo("Service executor-svc: port grpc targets http,"
                + " not the container's port grpc (8094, quarkus.grpc.server.port)");
    }

    @Test
    void aServiceWithoutItsHttpPortFails() {
        inventory.named(Service.class, "clarify-svc").orElseThrow().getSpec().getPorts()
                .removeIf(port -> port.getName().equals("http"));

        assertThat(violations()).contains("Service clarify-svc has no port named http",
                "ServiceMonitor overtone-services scrapes port http, which Service clarify-svc lacks");
    }

    @Test
    void aGrpcServicePortWithoutH2cFails() {
        servicePort("parser-svc", "grpc").setAppProtocol(null);

        assertThat(violations()).singleElement().asString()
                .isEqualTo("Service parser-svc: port grpc must declare appProtocol kubernetes.io/h2c");
    }

    @Test
    void aServiceMonitorScrapingTheGrpcPortFails() {
        serviceMonitorEndpoint().put("port", "grpc");

        assertThat(violations()).hasSize(5).contains("ServiceMonitor overtone-services scrapes port grpc of"
                + " Service interpreter-svc, but /q/metrics is served on port http");
    }

    @Test
    void aNetworkPolicyWithoutTheGrpcPortFails() {
        ingressPorts("parser-svc").get(0).setPort(new IntOrString("http"));

        assertThat(violations()).containsExactlyInAnyOrder(
                "no NetworkPolicy admits traffic to parser-svc's gRPC port grpc (8093, quarkus.grpc.server.port)",
                "NetworkPolicies do not admit interpreter-svc to parser-svc's gRPC port grpc (8093, quarkus.grpc.server.port)",
                "NetworkPolicies do not admit infill-svc to parser-svc's gRPC port grpc (8093, quarkus.grpc.server.port)",
                "NetworkPolicies do not admit clarify-svc to parser-svc's gRPC port grpc (8093, quarkus.grpc.server.port)");
    }

    @Test
    void anEgressPolicyThatLetsACallerReachOnlyTheHttpPortFails() {
        inventory.named(NetworkPolicy.class, "infill-svc").orElseThrow().getSpec().getEgress().get(0).getPorts()
                .get(0).setPort(new IntOrString("http"));

        assertThat(violations()).singleElement().asString().isEqualTo(
                "NetworkPolicies do not let infill-svc reach parser-svc's gRPC port grpc (8093, quarkus.grpc.server.port)");
    }

    @Test
    void anIngressPolicyThatForgetsACallerFails() {
        inventory.named(NetworkPolicy.class, "executor-svc").orElseThrow().getSpec().getIngress().get(0).getFrom()
                .get(0).getPodSelector().setMatchLabels(Map.of("app.kubernetes.io/name", "clarify-svc"));

        assertThat(violations()).singleElement().asString().isEqualTo(
                "NetworkPolicies do not admit interpreter-svc to executor-svc's gRPC port grpc (8094, quarkus.grpc.server.port)");
    }

    @Test
    void metricsScrapingOnTheGrpcPortInsteadOfHttpFails() {
        ingressPorts("allow-metrics-scrape").get(0).setPort(new IntOrString("grpc"));

        assertThat(violations()).hasSize(5).contains("no NetworkPolicy admits namespace monitoring to"
                + " clarify-svc's port http (8101, quarkus.http.port), where /q/metrics is served");
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

        assertThat(violations()).containsExactlyInAnyOrder(
                "NetworkPolicy executor-svc: podSelector selects no pod",
                "no NetworkPolicy admits traffic to executor-svc's gRPC port grpc (8094, quarkus.grpc.server.port)",
                "NetworkPolicies do not admit interpreter-svc to executor-svc's gRPC port grpc (8094, quarkus.grpc.server.port)");
    }

    @Test
    void anHpaOnAMissingDeploymentOrAgainstFixedReplicasFails() {
        inventory.named(HorizontalPodAutoscaler.class, "parser-svc").orElseThrow().getSpec().getScaleTargetRef()
                .setName("parser");
        deployment("executor-svc").getSpec().setReplicas(2);

        assertThat(violations()).containsExactlyInAnyOrder(
                "HorizontalPodAutoscaler parser-svc scales Deployment parser, which is not rendered",
                "no HorizontalPodAutoscaler scales Deployment parser-svc",
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
        var data = inventory.named(ConfigMap.class, "parser-svc-config").orElseThrow().getData();
        data.put("OVERTONE_LLM_BASE_URL", "http://vllm-llama:8000/v1");
        data.put("OVERTONE_LLM_MODEL", "ambiqt-infill");

        assertThat(violations()).singleElement().asString()
                .contains("ConfigMap parser-svc-config: its spellings of the LLM endpoint disagree");
    }

    @Test
    void quarkusLangchain4jSettingsNoServiceReadsFail() {
        inventory.named(ConfigMap.class, "parser-svc-config").orElseThrow().getData()
                .put("QUARKUS_LANGCHAIN4J_OPENAI_CHAT_MODEL_MODEL_NAME", "Qwen/Qwen2.5-Coder-7B-Instruct");
        deployment("infill-svc").getSpec().getTemplate().getSpec().getContainers().get(0).getEnv()
                .add(new io.fabric8.kubernetes.api.model.EnvVarBuilder().withName("QUARKUS_LANGCHAIN4J_OPENAI_API_KEY").withValue("k").build());

        assertThat(violations()).containsExactlyInAnyOrder(
                "ConfigMap parser-svc-config: QUARKUS_LANGCHAIN4J_OPENAI_CHAT_MODEL_MODEL_NAME is no LLM setting the services read"
                        + " (ManifestChecker.LLM_KEYS lists them)",
                "Deployment infill-svc: env QUARKUS_LANGCHAIN4J_OPENAI_API_KEY is no LLM setting the services read"
                        + " (ManifestChecker.LLM_KEYS lists them)");
    }

    @Test
    void aSecondSpellingOfTheInfillModelNameFails() {
        inventory.named(ConfigMap.class, "infill-svc-config").orElseThrow().getData()
                .put("OVERTONE_INFILL_MODEL", "ambiqt-infill");

        assertThat(violations()).singleElement().asString()
                .contains("OVERTONE_INFILL_MODEL is no LLM setting the services read");
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

    // ---- scale-out: discovery, drain, disruption budgets, autoscalers (ScaleOutContract)

    @Test
    void aClientOnTheClusterIpServiceFails() {
        clients().put("QUARKUS_GRPC_CLIENTS_PARSER_HOST", "parser-svc");

        assertThat(violations()).singleElement().asString()
                .contains("QUARKUS_GRPC_CLIENTS_PARSER_HOST/PORT should be parser-svc-headless/8093");
    }

    @Test
    void aClientThatDoesNotResolveByDnsFails() {
        clients().put("QUARKUS_GRPC_CLIENTS_EXECUTOR_NAME_RESOLVER", "stork");

        assertThat(violations()).singleElement().asString()
                .contains("QUARKUS_GRPC_CLIENTS_EXECUTOR_NAME_RESOLVER is stork, not dns");
    }

    @Test
    void aMissingHeadlessServiceFails() {
        objects.remove(inventory.named(Service.class, "infill-svc-headless").orElseThrow());

        assertThat(violations()).singleElement().asString()
                .contains("no headless Service infill-svc-headless");
    }

    @Test
    void aHeadlessServiceWithAClusterIpFails() {
        inventory.named(Service.class, "clarify-svc-headless").orElseThrow().getSpec().setClusterIP(null);

        assertThat(violations()).singleElement().asString()
                .contains("Service clarify-svc-headless has a cluster IP");
    }

    @Test
    void aHeadlessServiceOnAnotherPortFails() {
        servicePort("parser-svc-headless", "grpc").setPort(9093);

        assertThat(violations()).singleElement().asString()
                .contains("Service parser-svc-headless has no port grpc 8093");
    }

    @Test
    void aCalleeWhoseServerKeepsConnectionsForEverFails() {
        container("executor-svc").getEnvFrom().removeIf(source -> source.getConfigMapRef() != null
                && "overtone-grpc-server".equals(source.getConfigMapRef().getName()));

        assertThat(violations()).singleElement().asString()
                .contains("Deployment executor-svc does not set OVERTONE_GRPC_SERVER_MAX_CONNECTION_AGE");
    }

    @Test
    void aConnectionAgeGraceShorterThanTheLongestCallFails() {
        inventory.named(ConfigMap.class, "overtone-grpc-server").orElseThrow().getData()
                .put("OVERTONE_GRPC_SERVER_MAX_CONNECTION_AGE_GRACE", "10s");

        assertThat(violations()).hasSize(4).allSatisfy(v -> assertThat(v).contains(
                "OVERTONE_GRPC_SERVER_MAX_CONNECTION_AGE_GRACE 10 s is shorter than the longest call"
                        + " (overtone.interpreter.budget.total, 20 s)"));
    }

    @Test
    void aServiceWithoutAPreStopHookFails() {
        container("parser-svc").setLifecycle(null);

        assertThat(violations()).singleElement().asString()
                .contains("Deployment parser-svc has no preStop hook");
    }

    @Test
    void aGracePeriodShorterThanPreStopAndDrainFails() {
        deployment("clarify-svc").getSpec().getTemplate().getSpec().setTerminationGracePeriodSeconds(15L);

        assertThat(violations()).singleElement().asString().contains("Deployment clarify-svc: terminationGracePeriodSeconds 15"
                + " is shorter than the preStop wait (5 s) + quarkus.shutdown.timeout (10 s) + 5 s to exit");
    }

    @Test
    void aShutdownTimeoutRaisedInThePodBeyondTheGracePeriodFails() {
        container("infill-svc").getEnv().add(new io.fabric8.kubernetes.api.model.EnvVar("QUARKUS_SHUTDOWN_TIMEOUT", "60s", null));

        assertThat(violations()).singleElement().asString()
                .contains("Deployment infill-svc: terminationGracePeriodSeconds 30", "quarkus.shutdown.timeout (60 s)");
    }

    @Test
    void anInterpreterDrainShorterThanTheLongestCallFails() {
        container("interpreter-svc").getEnv().add(new io.fabric8.kubernetes.api.model.EnvVar("QUARKUS_SHUTDOWN_TIMEOUT", "10s", null));

        assertThat(violations()).singleElement().asString().contains("interpreter-svc's quarkus.shutdown.timeout (10 s) is"
                + " shorter than the longest call (overtone.interpreter.budget.total, 20 s)");
    }

    @Test
    void aServiceWithoutAPodDisruptionBudgetFails() {
        objects.remove(inventory.named(PodDisruptionBudget.class, "executor-svc").orElseThrow());

        assertThat(violations()).singleElement().asString()
                .contains("no PodDisruptionBudget covers Deployment executor-svc");
    }

    @Test
    void aPodDisruptionBudgetThatLetsNoPodGoFails() {
        var spec = inventory.named(PodDisruptionBudget.class, "interpreter-svc").orElseThrow().getSpec();
        spec.setMaxUnavailable(null);
        spec.setMinAvailable(new IntOrString(1)); // dev runs at least one replica

        assertThat(violations()).singleElement().asString()
                .contains("PodDisruptionBudget interpreter-svc lets no pod of interpreter-svc go at its fewest replicas (1)");
    }

    @Test
    void aServiceWithoutAnAutoscalerFails() {
        objects.remove(inventory.named(HorizontalPodAutoscaler.class, "infill-svc").orElseThrow());

        assertThat(violations()).singleElement().asString()
                .contains("no HorizontalPodAutoscaler scales Deployment infill-svc");
    }

    @Test
    void anAutoscalerOnCpuAloneFails() {
        inventory.named(HorizontalPodAutoscaler.class, "parser-svc").orElseThrow().getSpec().getMetrics()
                .removeIf(metric -> metric.getPods() != null);

        assertThat(violations()).singleElement().asString()
                .contains("HorizontalPodAutoscaler parser-svc does not scale on the per-pod load overtone_grpc_calls_in_flight");
    }

    @Test
    void anAutoscalerOnAMetricTheAdapterDoesNotServeFails() {
        inventory.named(HorizontalPodAutoscaler.class, "clarify-svc").orElseThrow().getSpec().getMetrics().stream()
                .filter(metric -> metric.getPods() != null).findFirst().orElseThrow()
                .getPods().getMetric().setName("grpc_server_requests_seconds_count");

        assertThat(violations()).containsExactlyInAnyOrder(
                "HorizontalPodAutoscaler clarify-svc does not scale on the per-pod load overtone_grpc_calls_in_flight"
                        + " (a Pods metric), only on [grpc_server_requests_seconds_count]",
                "HorizontalPodAutoscaler clarify-svc scales on grpc_server_requests_seconds_count, which prometheus-adapter"
                        + " (k8s/monitoring/prometheus-adapter-values.yaml) does not serve per pod");
    }

    private Map<String, String> clients() {
        return inventory.named(ConfigMap.class, ManifestChecker.GRPC_CLIENTS).orElseThrow().getData();
    }

    private void mutateEnv(String deployment, Consumer<io.fabric8.kubernetes.api.model.EnvVar> change, String name) {
        deployment(deployment).getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().stream()
                .filter(env -> env.getName().equals(name)).findFirst().ifPresentOrElse(change, () -> {
                    throw new AssertionError(deployment + " has no env " + name);
                });
    }

    private ContainerPort containerPort(String service, String name) {
        return container(service).getPorts().stream().filter(port -> port.getName().equals(name)).findFirst().orElseThrow();
    }

    private ServicePort servicePort(String service, String name) {
        return inventory.named(Service.class, service).orElseThrow().getSpec().getPorts().stream()
                .filter(port -> port.getName().equals(name)).findFirst().orElseThrow();
    }

    private List<NetworkPolicyPort> ingressPorts(String policy) {
        return inventory.named(NetworkPolicy.class, policy).orElseThrow().getSpec().getIngress().get(0).getPorts();
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> serviceMonitorEndpoint() {
        GenericKubernetesResource monitor = inventory.untyped("ServiceMonitor").stream()
                .filter(m -> m.getMetadata().getName().equals("overtone-services")).findFirst().orElseThrow();
        Map<String, Object> spec = (Map<String, Object>) monitor.getAdditionalProperties().get("spec");
        return ((List<Map<String, Object>>) spec.get("endpoints")).get(0);
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

package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ManifestChecker}'s general rules, each broken in a copy of the dev overlay: selectors, probes, resources,
 * security, JVM settings, fields the model does not know, Secrets, autoscalers and LLM endpoints.
 */
class ManifestCheckerTest extends BrokenDevOverlay {

    @Test
    void theUnbrokenCopyPasses() {
        assertThat(violations()).isEmpty();
    }

    @Test
    void aServiceSelectorThatMatchesNoPodFails() {
        inventory.named(Service.class, "parser-svc").orElseThrow().getSpec()
                .setSelector(Map.of("app.kubernetes.io/name", "parser"));

        assertTheOnlyViolationSays("Service parser-svc", "matches no pod template");
    }

    @Test
    void aDeploymentSelectorThatMissesItsTemplateFails() {
        deployment("executor-svc").getSpec().getSelector().setMatchLabels(Map.of("app.kubernetes.io/name", "executor"));

        assertThat(violations()).anySatisfy(v -> assertThat(v)
                .contains("Deployment executor-svc", "does not match its pod template labels"));
    }

    @Test
    void aServiceWithoutTheSharedJvmSettingsFails() {
        removeEnvFrom("executor-svc", "overtone-jvm");

        String source = " (ConfigMap overtone-jvm from k8s/base/jvm/all.env)";
        assertThat(violations()).containsExactlyInAnyOrder(
                "Deployment executor-svc container executor-svc does not set GC_CONTAINER_OPTIONS" + source,
                "Deployment executor-svc container executor-svc does not set GC_MAX_HEAP_FREE_RATIO" + source,
                "Deployment executor-svc container executor-svc does not set GC_MIN_HEAP_FREE_RATIO" + source,
                "Deployment executor-svc container executor-svc does not set JAVA_MAX_MEM_RATIO" + source,
                "Deployment executor-svc container executor-svc does not set MALLOC_ARENA_MAX" + source);
    }

    @Test
    void aServiceWithoutItsOwnJvmSettingsFails() {
        removeEnvFrom("parser-svc", "parser-svc-jvm");

        assertThat(violations()).singleElement().asString().startsWith(
                "Deployment parser-svc container parser-svc: GC_CONTAINER_OPTIONS is '" + shared("GC_CONTAINER_OPTIONS")
                        + "', but ConfigMap parser-svc-jvm from k8s/base/jvm/parser-svc.env sets '");
    }

    @Test
    void aJvmSettingThePodOverridesFails() {
        container("clarify-svc").getEnv().add(new EnvVar("MALLOC_ARENA_MAX", "8", null));

        assertTheOnlyViolationIs("Deployment clarify-svc container clarify-svc:"
                + " MALLOC_ARENA_MAX is '8', but ConfigMap overtone-jvm from k8s/base/jvm/all.env sets '"
                + shared("MALLOC_ARENA_MAX") + "'");
    }

    @Test
    void aMemoryLimitTooSmallForTheJvmsBoundsFails() {
        container("infill-svc").getResources().getLimits().put("memory", new Quantity("512Mi"));

        assertTheOnlyViolationSays("Deployment infill-svc container infill-svc: the heap bound (33% of the 512 MiB memory limit",
                "leave 215 MiB to the rest of the process");
    }

    @Test
    void aMissingReadinessProbeFails() {
        container("interpreter-svc").setReadinessProbe(null);

        assertTheOnlyViolationSays("interpreter-svc container interpreter-svc has no readinessProbe");
    }

    @Test
    void aMissingStartupProbeOnVllmFails() {
        deployment("vllm-llama").getSpec().getTemplate().getSpec().getContainers().get(0).setStartupProbe(null);

        assertTheOnlyViolationSays("vllm-llama container vllm has no startupProbe");
    }

    @Test
    void aProbeOnAPortTheContainerDoesNotExposeFails() {
        deployment("vllm-llama").getSpec().getTemplate().getSpec().getContainers().get(0)
                .getLivenessProbe().getHttpGet().setPort(new IntOrString("metrics"));

        assertTheOnlyViolationSays("vllm-llama container vllm livenessProbe probes port metrics, which the container does not expose");
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

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
            OVERTONE_INFILL_MODEL_NAME   | ambiqt-infilling          | model ambiqt-infilling is not served by vllm-llama
            OVERTONE_INFILL_MODEL        | ambiqt-infill             | OVERTONE_INFILL_MODEL is no LLM setting the services read
            OVERTONE_INFILL_LLM_BASE_URL | http://vllm-llama:8000/v1 | OVERTONE_INFILL_LLM_BASE_URL is no LLM setting the services read
            """)
    void anInfillLlmSettingThatVllmDoesNotServeOrNoServiceReadsFails(String key, String value, String says) {
        inventory.named(ConfigMap.class, "infill-svc-config").orElseThrow().getData().put(key, value);

        assertTheOnlyViolationSays(says);
    }

    @Test
    void twoSpellingsOfOneServicesLlmEndpointThatDisagreeFail() {
        var data = inventory.named(ConfigMap.class, "parser-svc-config").orElseThrow().getData();
        data.put("OVERTONE_LLM_BASE_URL", "http://vllm-llama:8000/v1");
        data.put("OVERTONE_LLM_MODEL", "ambiqt-infill");

        assertTheOnlyViolationSays("ConfigMap parser-svc-config: its spellings of the LLM endpoint disagree");
    }

    @Test
    void quarkusLangchain4jSettingsNoServiceReadsFail() {
        inventory.named(ConfigMap.class, "parser-svc-config").orElseThrow().getData()
                .put("QUARKUS_LANGCHAIN4J_OPENAI_CHAT_MODEL_MODEL_NAME", "Qwen/Qwen2.5-Coder-7B-Instruct");
        deployment("infill-svc").getSpec().getTemplate().getSpec().getContainers().get(0).getEnv()
                .add(new EnvVarBuilder().withName("QUARKUS_LANGCHAIN4J_OPENAI_API_KEY").withValue("k").build());

        assertThat(violations()).containsExactlyInAnyOrder(
                "ConfigMap parser-svc-config: QUARKUS_LANGCHAIN4J_OPENAI_CHAT_MODEL_MODEL_NAME is no LLM setting the services read"
                        + " (LlmEndpoints.KEYS lists them)",
                "Deployment infill-svc: env QUARKUS_LANGCHAIN4J_OPENAI_API_KEY is no LLM setting the services read"
                        + " (LlmEndpoints.KEYS lists them)");
    }

    @Test
    void anLlmCallerWithoutTheNetworkPolicyLabelFails() {
        deployment("parser-svc").getSpec().getTemplate().getMetadata().getLabels()
                .remove(LlmEndpoints.CLIENT_LABEL);

        assertTheOnlyViolationSays("Deployment parser-svc is configured with an LLM endpoint but lacks the label");
    }

    @Test
    void aFieldTheKubernetesModelDoesNotKnowFails() {
        container("executor-svc").setAdditionalProperty("readinesProbe", Map.of("periodSeconds", 5));

        assertTheOnlyViolationSays("Deployment executor-svc", "containers[0]", "unknown field 'readinesProbe'");
    }

    @Test
    void aSecretKeyThatDoesNotExistFails() {
        mutateEnv("clarify-svc", env -> env.getValueFrom().getSecretKeyRef().setKey("user"), "OVERTONE_PG_USER");

        assertTheOnlyViolationSays("refers to key user of Secret overtone-postgres, which it lacks");
    }

    @Test
    void anUndocumentedExternalSecretFails() {
        mutateEnv("vllm-llama", env -> env.getValueFrom().getSecretKeyRef().setName("huggingface"), "HF_TOKEN");

        assertTheOnlyViolationSays("Secret huggingface, which is neither rendered nor documented");
    }

    private static String shared(String key) {
        return Overlay.DEV.checker().jvm().shared().get(key);
    }
}

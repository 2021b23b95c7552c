package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link ScaleOutContract}: discovery, drain, disruption budgets and autoscalers, each broken in the dev overlay. */
class ScaleOutContractTest extends BrokenDevOverlay {

    @Test
    void aClientOnTheClusterIpServiceFails() {
        clients().put("QUARKUS_GRPC_CLIENTS_PARSER_HOST", "parser-svc");

        assertTheOnlyViolationSays("QUARKUS_GRPC_CLIENTS_PARSER_HOST/PORT should be parser-svc-headless/8093");
    }

    @Test
    void aClientThatDoesNotResolveByDnsFails() {
        clients().put("QUARKUS_GRPC_CLIENTS_EXECUTOR_NAME_RESOLVER", "stork");

        assertTheOnlyViolationSays("QUARKUS_GRPC_CLIENTS_EXECUTOR_NAME_RESOLVER is stork, not dns");
    }

    @Test
    void aMissingHeadlessServiceFails() {
        objects.remove(inventory.named(Service.class, "infill-svc-headless").orElseThrow());

        assertTheOnlyViolationSays("no headless Service infill-svc-headless");
    }

    @Test
    void aHeadlessServiceWithAClusterIpFails() {
        inventory.named(Service.class, "clarify-svc-headless").orElseThrow().getSpec().setClusterIP(null);

        assertTheOnlyViolationSays("Service clarify-svc-headless has a cluster IP");
    }

    @Test
    void aHeadlessServiceOnAnotherPortFails() {
        servicePort("parser-svc-headless", "grpc").setPort(9093);

        assertTheOnlyViolationSays("Service parser-svc-headless has no port grpc 8093");
    }

    @Test
    void aCalleeWhoseServerKeepsConnectionsForEverFails() {
        removeEnvFrom("executor-svc", "overtone-grpc-server");

        assertTheOnlyViolationSays("Deployment executor-svc does not set OVERTONE_GRPC_SERVER_MAX_CONNECTION_AGE");
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

        assertTheOnlyViolationSays("Deployment parser-svc has no preStop hook");
    }

    @Test
    void aGracePeriodShorterThanPreStopAndDrainFails() {
        deployment("clarify-svc").getSpec().getTemplate().getSpec().setTerminationGracePeriodSeconds(15L);

        assertTheOnlyViolationSays("Deployment clarify-svc: terminationGracePeriodSeconds 15"
                + " is shorter than the preStop wait (5 s) + quarkus.shutdown.timeout (10 s) + 5 s to exit");
    }

    @Test
    void aShutdownTimeoutRaisedInThePodBeyondTheGracePeriodFails() {
        container("infill-svc").getEnv().add(new EnvVar("QUARKUS_SHUTDOWN_TIMEOUT", "60s", null));

        assertTheOnlyViolationSays("Deployment infill-svc: terminationGracePeriodSeconds 30", "quarkus.shutdown.timeout (60 s)");
    }

    @Test
    void anInterpreterDrainShorterThanTheLongestCallFails() {
        container("interpreter-svc").getEnv().add(new EnvVar("QUARKUS_SHUTDOWN_TIMEOUT", "10s", null));

        assertTheOnlyViolationSays("interpreter-svc's quarkus.shutdown.timeout (10 s) is"
                + " shorter than the longest call (overtone.interpreter.budget.total, 20 s)");
    }

    @Test
    void aRolloutThatDoesNotWaitForTheSlowStartFails() {
        ((Deployment) inventory.deployment("infill-svc").orElseThrow().owner()).getSpec().setMinReadySeconds(null);

        assertTheOnlyViolationSays("Deployment infill-svc: minReadySeconds 0 is shorter than its callers' slow start (10 s");
    }

    @Test
    void aServiceWithoutAPodDisruptionBudgetFails() {
        objects.remove(inventory.named(PodDisruptionBudget.class, "executor-svc").orElseThrow());

        assertTheOnlyViolationSays("no PodDisruptionBudget covers Deployment executor-svc");
    }

    @Test
    void aPodDisruptionBudgetThatLetsNoPodGoFails() {
        var spec = inventory.named(PodDisruptionBudget.class, "interpreter-svc").orElseThrow().getSpec();
        spec.setMaxUnavailable(null);
        spec.setMinAvailable(new IntOrString(1)); // dev runs at least one replica

        assertTheOnlyViolationSays("PodDisruptionBudget interpreter-svc lets no pod of interpreter-svc go at its fewest replicas (1)");
    }

    @Test
    void aServiceWithoutAnAutoscalerFails() {
        objects.remove(inventory.named(HorizontalPodAutoscaler.class, "infill-svc").orElseThrow());

        assertTheOnlyViolationSays("no HorizontalPodAutoscaler scales Deployment infill-svc");
    }

    @Test
    void anAutoscalerOnCpuAloneFails() {
        inventory.named(HorizontalPodAutoscaler.class, "parser-svc").orElseThrow().getSpec().getMetrics()
                .removeIf(metric -> metric.getPods() != null);

        assertTheOnlyViolationSays("HorizontalPodAutoscaler parser-svc does not scale on the per-pod load overtone_grpc_calls_in_flight");
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
}

package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link PortContract}: each manifest that names a service's port agrees with its application.properties. */
class PortContractTest extends BrokenDevOverlay {

    @Test
    void aHealthProbeOnTheGrpcPortFails() {
        container("clarify-svc").getLivenessProbe().getHttpGet().setPort(new IntOrString("grpc"));

        assertTheOnlyViolationIs("Deployment clarify-svc: livenessProbe probes"
                + " port grpc, but /q/health is served on port http (8101, quarkus.http.port)");
    }

    @Test
    void aHealthProbeOnTheWrongEndpointFails() {
        container("infill-svc").getLivenessProbe().getHttpGet().setPath("/q/health/ready");

        assertTheOnlyViolationIs("Deployment infill-svc: livenessProbe gets /q/health/ready, not /q/health/live");
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

        assertTheOnlyViolationIs("Service infill-svc: port grpc is 8102, but quarkus.grpc.server.port is 8092");
    }

    @Test
    void aServiceGrpcPortThatTargetsTheHttpPortFails() {
        servicePort("executor-svc", "grpc").setTargetPort(new IntOrString("http"));

        assertTheOnlyViolationIs("Service executor-svc: port grpc targets http,"
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

        assertTheOnlyViolationIs("Service parser-svc: port grpc must declare appProtocol kubernetes.io/h2c");
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

        assertTheOnlyViolationIs("NetworkPolicies do not let infill-svc reach parser-svc's gRPC port grpc (8093, quarkus.grpc.server.port)");
    }

    @Test
    void anIngressPolicyThatForgetsACallerFails() {
        inventory.named(NetworkPolicy.class, "executor-svc").orElseThrow().getSpec().getIngress().get(0).getFrom()
                .get(0).getPodSelector().setMatchLabels(Map.of("app.kubernetes.io/name", "clarify-svc"));

        assertTheOnlyViolationIs("NetworkPolicies do not admit interpreter-svc to executor-svc's gRPC port grpc (8094, quarkus.grpc.server.port)");
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

        assertTheOnlyViolationSays("QUARKUS_GRPC_CLIENTS_EXECUTOR_HOST/PORT");
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
}

package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The invariants every rendered overlay must hold, checked on typed model objects. Each broken invariant is one
 * violation message naming the object and what to fix; an empty list means the overlay is consistent. The rules live
 * in {@link WorkloadRules} (pods and containers), {@link SelectorRules} (what selects pods and Services),
 * {@link LlmEndpoints}, and Overtone's own contracts {@link PortContract} and {@link ScaleOutContract}.
 *
 * @param namespace       the namespace every namespaced object must be in
 * @param ports           each Overtone service's configured gRPC and HTTP ports
 * @param calls           which Overtone service calls which over gRPC
 * @param externalSecrets Secrets created out of band (README, "Secrets"): name to keys
 * @param drains          how each service drains on SIGTERM
 * @param adapter         the per-pod metrics prometheus-adapter serves to the autoscalers
 * @param jvm             the JVM settings every service runs with (k8s/base/jvm)
 */
record ManifestChecker(String namespace, ServicePorts ports, GrpcCalls calls, Map<String, Set<String>> externalSecrets,
                       DrainSettings drains, AdapterRules adapter, JvmSettings jvm) {

    static final String GRPC_CLIENTS = "overtone-grpc-clients";
    static final String H2C = "kubernetes.io/h2c";
    private static final Set<String> CLUSTER_SCOPED = Set.of("Namespace");

    List<String> check(List<HasMetadata> objects) {
        Inventory inventory = new Inventory(objects);
        List<String> violations = new ArrayList<>();
        checkNamespaces(inventory, violations);
        objects.forEach(object -> UnknownFields.collect(object, violations));
        WorkloadRules workloads = new WorkloadRules(inventory, externalSecrets, jvm, violations);
        inventory.workloads().forEach(workloads::check);
        SelectorRules selectors = new SelectorRules(inventory, violations);
        inventory.of(Service.class).forEach(selectors::checkService);
        inventory.of(PodDisruptionBudget.class).forEach(selectors::checkPdb);
        inventory.of(HorizontalPodAutoscaler.class).forEach(selectors::checkHpa);
        inventory.of(NetworkPolicy.class).forEach(selectors::checkNetworkPolicy);
        inventory.untyped("ServiceMonitor").forEach(selectors::checkServiceMonitor);
        PortContract contract = new PortContract(inventory, violations);
        ports.byService().forEach(contract::checkService);
        calls.calleesByCaller().forEach((caller, callees) -> callees.forEach(callee -> {
            if (ports.byService().containsKey(callee)) {
                contract.checkCall(caller, callee, ports.byService().get(callee));
            } else {
                violations.add(caller + " is configured with a gRPC client for " + callee + ", which is no Overtone service");
            }
        }));
        ScaleOutContract scaleOut = new ScaleOutContract(inventory, drains, adapter, violations);
        ports.byService().keySet().forEach(scaleOut::checkService);
        calls.calleesByCaller().values().stream().flatMap(Set::stream).distinct().filter(ports.byService()::containsKey)
                .sorted().forEach(callee -> scaleOut.checkDiscovery(callee, ports.byService().get(callee)));
        LlmEndpoints llm = new LlmEndpoints(inventory, violations);
        inventory.of(ConfigMap.class).forEach(llm::checkConfig);
        return violations;
    }

    private void checkNamespaces(Inventory inventory, List<String> violations) {
        if (inventory.named(Namespace.class, namespace).isEmpty()) {
            violations.add("no Namespace " + namespace + " is rendered");
        }
        for (HasMetadata object : inventory.objects()) {
            if (!CLUSTER_SCOPED.contains(object.getKind())
                    && !namespace.equals(object.getMetadata().getNamespace())) {
                violations.add(describe(object) + " is in namespace " + object.getMetadata().getNamespace()
                        + ", not " + namespace);
            }
        }
    }

    static boolean hasPort(Container container, IntOrString port) {
        return Optional.ofNullable(container.getPorts()).orElse(List.of()).stream().anyMatch(candidate ->
                port.getStrVal() != null ? port.getStrVal().equals(candidate.getName())
                        : Objects.equals(port.getIntVal(), candidate.getContainerPort()));
    }

    static String text(IntOrString value) {
        return value.getStrVal() != null ? value.getStrVal() : String.valueOf(value.getIntVal());
    }

    static String describe(HasMetadata object) {
        return object.getKind() + " " + object.getMetadata().getName();
    }
}

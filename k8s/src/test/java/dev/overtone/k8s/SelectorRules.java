package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricSpec;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import static dev.overtone.k8s.ManifestChecker.describe;
import static dev.overtone.k8s.ManifestChecker.hasPort;
import static dev.overtone.k8s.ManifestChecker.text;

/**
 * Everything that selects pods or Services selects something that exists, on ports that exist: Services, PDBs,
 * HPAs (whose targets set no replicas), NetworkPolicies and ServiceMonitors.
 */
record SelectorRules(Inventory inventory, List<String> violations) {

    void checkService(Service service) {
        String what = describe(service);
        Map<String, String> selector = service.getSpec().getSelector();
        if (selector == null || selector.isEmpty()) {
            violations.add(what + " has no selector");
            return;
        }
        List<Workload> backends = inventory.workloads().stream()
                .filter(workload -> workload.labels().entrySet().containsAll(selector.entrySet())).toList();
        if (backends.isEmpty()) {
            violations.add(what + ": selector " + selector + " matches no pod template");
            return;
        }
        for (ServicePort port : service.getSpec().getPorts()) {
            IntOrString target = port.getTargetPort() != null ? port.getTargetPort() : new IntOrString(port.getPort());
            for (Workload backend : backends) {
                if (backend.pod().getContainers().stream().noneMatch(container -> hasPort(container, target))) {
                    violations.add(what + " port " + port.getName() + " targets " + text(target)
                            + ", which " + backend.describe() + " does not expose");
                }
            }
        }
    }

    void checkPdb(PodDisruptionBudget pdb) {
        if (inventory.selectedBy(pdb.getSpec().getSelector()).isEmpty()) {
            violations.add(describe(pdb) + ": selector matches no pod template");
        }
    }

    void checkHpa(HorizontalPodAutoscaler hpa) {
        String what = describe(hpa);
        var target = hpa.getSpec().getScaleTargetRef();
        Optional<Workload> workload = inventory.workloads().stream()
                .filter(candidate -> candidate.owner().getKind().equals(target.getKind())
                        && candidate.owner().getMetadata().getName().equals(target.getName()))
                .findFirst();
        if (workload.isEmpty()) {
            violations.add(what + " scales " + target.getKind() + " " + target.getName() + ", which is not rendered");
            return;
        }
        if (workload.get().replicas() != null) {
            violations.add(what + ": " + workload.get().describe()
                    + " sets spec.replicas, which every apply would reset under the autoscaler");
        }
        int min = Optional.ofNullable(hpa.getSpec().getMinReplicas()).orElse(1);
        if (min > hpa.getSpec().getMaxReplicas()) {
            violations.add(what + ": minReplicas " + min + " exceeds maxReplicas " + hpa.getSpec().getMaxReplicas());
        }
        for (MetricSpec metric : Optional.ofNullable(hpa.getSpec().getMetrics()).orElse(List.of())) {
            if (metric.getResource() == null) {
                continue;
            }
            String resource = metric.getResource().getName();
            boolean requested = workload.get().pod().getContainers().stream().allMatch(container ->
                    container.getResources() != null && container.getResources().getRequests() != null
                            && container.getResources().getRequests().containsKey(resource));
            if (!requested) {
                violations.add(what + " scales on " + resource + " utilisation, but not every container requests " + resource);
            }
        }
    }

    void checkNetworkPolicy(NetworkPolicy policy) {
        String what = describe(policy);
        List<Workload> selected = inventory.selectedBy(policy.getSpec().getPodSelector());
        if (selected.isEmpty()) {
            violations.add(what + ": podSelector selects no pod");
            return;
        }
        for (NetworkPolicyIngressRule rule : Optional.ofNullable(policy.getSpec().getIngress()).orElse(List.of())) {
            for (NetworkPolicyPort port : Optional.ofNullable(rule.getPorts()).orElse(List.of())) {
                boolean exposed = port.getPort() == null || selected.stream().anyMatch(workload ->
                        workload.pod().getContainers().stream().anyMatch(container -> hasPort(container, port.getPort())));
                if (!exposed) {
                    violations.add(what + " admits port " + text(port.getPort()) + ", which no selected pod exposes");
                }
            }
            for (NetworkPolicyPeer peer : Optional.ofNullable(rule.getFrom()).orElse(List.of())) {
                if (peer.getPodSelector() != null && peer.getNamespaceSelector() == null
                        && inventory.selectedBy(peer.getPodSelector()).isEmpty()) {
                    violations.add(what + " admits pods " + peer.getPodSelector().getMatchLabels()
                            + ", and there are none");
                }
            }
        }
    }

    void checkServiceMonitor(GenericKubernetesResource monitor) {
        String what = describe(monitor);
        MonitorSpec spec = MonitorSpec.of(monitor);
        List<Service> services = inventory.of(Service.class).stream().filter(spec::selects).toList();
        if (spec.matchLabels().isEmpty() || services.isEmpty()) {
            violations.add(what + ": selector " + spec.matchLabels() + " matches no Service");
            return;
        }
        for (Map<String, Object> endpoint : spec.endpoints()) {
            Object port = endpoint.get("port");
            services.stream()
                    .filter(service -> service.getSpec().getPorts().stream().noneMatch(p -> Objects.equals(p.getName(), port)))
                    .forEach(service -> violations.add(what + " scrapes port " + port + ", which " + describe(service) + " lacks"));
        }
    }
}

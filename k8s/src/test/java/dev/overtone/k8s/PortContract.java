package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Overtone's port contract, per service: gRPC on grpc-java's own server at
 * {@code quarkus.grpc.server.port}, {@code /q/health} and {@code /q/metrics} at
 * {@code quarkus.http.port} (both from the service's application.properties), and every
 * manifest that names one of them follows: the container ports {@code grpc} and
 * {@code http}, the probes (http), the Service (both; grpc as h2c), the ServiceMonitor
 * (http), the NetworkPolicies (every configured caller to grpc, namespace
 * {@code monitoring} to http) and the gRPC clients' ConfigMap (grpc).
 */
record PortContract(Inventory inventory, List<String> violations) {

    static final String GRPC = "grpc";
    static final String HTTP = "http";
    static final String MONITORING_NAMESPACE = "monitoring";
    static final String METRICS_PATH = "/q/metrics";
    private static final Map<String, String> HEALTH_PATHS = Map.of("startupProbe", "/q/health/started",
            "readinessProbe", "/q/health/ready", "livenessProbe", "/q/health/live");

    /** One of a service's two listeners: its port name in the manifests, number and source property. */
    record Listener(String name, int number, String property) {

        static Listener grpc(ServicePorts.Ports ports) {
            return new Listener(GRPC, ports.grpc(), ServicePorts.GRPC_PORT);
        }

        static Listener http(ServicePorts.Ports ports) {
            return new Listener(HTTP, ports.http(), ServicePorts.HTTP_PORT);
        }

        /** Whether a port reference (a name, or a number) means this listener. */
        boolean isReferencedBy(IntOrString reference) {
            return reference.getStrVal() != null ? name.equals(reference.getStrVal())
                    : Objects.equals(number, reference.getIntVal());
        }

        @Override
        public String toString() {
            return "port " + name + " (" + number + ", " + property + ")";
        }
    }

    void checkService(String name, ServicePorts.Ports ports) {
        Listener grpc = Listener.grpc(ports);
        Listener http = Listener.http(ports);
        Optional<Workload> workload = inventory.deployment(name);
        if (workload.isEmpty()) {
            violations.add("no Deployment " + name);
        } else {
            workload.get().pod().getContainers().stream().filter(container -> container.getName().equals(name))
                    .findFirst().ifPresentOrElse(container -> checkContainer(name, container, grpc, http),
                            () -> violations.add("Deployment " + name + " has no container " + name));
            checkIngress(name, workload.get(), grpc, http);
        }
        Optional<Service> service = inventory.named(Service.class, name);
        if (service.isEmpty()) {
            violations.add("no Service " + name);
        } else {
            checkServicePorts(service.get(), grpc, http);
            checkMetricsScrape(service.get());
        }
        checkClientConfig(name, grpc);
    }

    /** The NetworkPolicies let {@code caller} open gRPC calls to {@code callee}, on both ends. */
    void checkCall(String caller, String callee, ServicePorts.Ports calleePorts) {
        Optional<Workload> from = inventory.deployment(caller);
        Optional<Workload> to = inventory.deployment(callee);
        if (from.isEmpty() || to.isEmpty()) {
            return; // reported as a missing Deployment
        }
        Listener grpc = Listener.grpc(calleePorts);
        List<NetworkPolicy> egress = policiesFor(from.get(), "Egress");
        if (!egress.isEmpty() && !admitsEgress(egress, grpc, inNamespaceSelecting(to.get()))) {
            violations.add("NetworkPolicies do not let " + caller + " reach " + callee + "'s gRPC " + grpc);
        }
        List<NetworkPolicy> ingress = policiesFor(to.get(), "Ingress");
        if (!ingress.isEmpty() && !admitsIngress(ingress, grpc, inNamespaceSelecting(from.get()))) {
            violations.add("NetworkPolicies do not admit " + caller + " to " + callee + "'s gRPC " + grpc);
        }
    }

    // ---- the container: its two ports, and health probes on http

    private void checkContainer(String name, Container container, Listener grpc, Listener http) {
        for (Listener listener : List.of(grpc, http)) {
            Optional<Integer> declared = Optional.ofNullable(container.getPorts()).orElse(List.of()).stream()
                    .filter(port -> listener.name().equals(port.getName())).map(ContainerPort::getContainerPort).findFirst();
            if (declared.isEmpty() || declared.get() != listener.number()) {
                violations.add("Deployment " + name + ": container port " + listener.name() + " is "
                        + declared.map(String::valueOf).orElse("missing") + ", but " + listener.property()
                        + " is " + listener.number());
            }
        }
        Map<String, Probe> probes = new LinkedHashMap<>();
        probes.put("startupProbe", container.getStartupProbe());
        probes.put("readinessProbe", container.getReadinessProbe());
        probes.put("livenessProbe", container.getLivenessProbe());
        probes.forEach((kind, probe) -> {
            String path = HEALTH_PATHS.get(kind);
            if (probe == null) {
                return; // ManifestChecker reports a missing probe
            }
            if (probe.getHttpGet() == null) {
                violations.add("Deployment " + name + ": " + kind + " is no httpGet of " + path + " on " + http);
            } else if (!http.isReferencedBy(probe.getHttpGet().getPort())) {
                violations.add("Deployment " + name + ": " + kind + " probes port " + ManifestChecker.text(probe.getHttpGet().getPort())
                        + ", but /q/health is served on " + http);
            } else if (!path.equals(probe.getHttpGet().getPath())) {
                violations.add("Deployment " + name + ": " + kind + " gets " + probe.getHttpGet().getPath() + ", not " + path);
            }
        });
    }

    // ---- the Service and its metrics scraping

    private void checkServicePorts(Service service, Listener grpc, Listener http) {
        String what = ManifestChecker.describe(service);
        for (Listener listener : List.of(grpc, http)) {
            Optional<ServicePort> port = service.getSpec().getPorts().stream()
                    .filter(candidate -> listener.name().equals(candidate.getName())).findFirst();
            if (port.isEmpty()) {
                violations.add(what + " has no port named " + listener.name());
                continue;
            }
            if (port.get().getPort() != listener.number()) {
                violations.add(what + ": port " + listener.name() + " is " + port.get().getPort() + ", but "
                        + listener.property() + " is " + listener.number());
            }
            IntOrString target = Optional.ofNullable(port.get().getTargetPort()).orElse(new IntOrString(port.get().getPort()));
            if (!listener.isReferencedBy(target)) {
                violations.add(what + ": port " + listener.name() + " targets " + ManifestChecker.text(target)
                        + ", not the container's " + listener);
            }
            if (GRPC.equals(listener.name()) && !ManifestChecker.H2C.equals(port.get().getAppProtocol())) {
                violations.add(what + ": port grpc must declare appProtocol " + ManifestChecker.H2C);
            }
        }
    }

    private void checkMetricsScrape(Service service) {
        String what = ManifestChecker.describe(service);
        List<GenericKubernetesResource> monitors = inventory.untyped("ServiceMonitor").stream()
                .filter(monitor -> MonitorSpec.of(monitor).selects(service)).toList();
        if (monitors.isEmpty()) {
            violations.add("no ServiceMonitor scrapes " + what);
        }
        for (GenericKubernetesResource monitor : monitors) {
            for (Map<String, Object> endpoint : MonitorSpec.of(monitor).endpoints()) {
                if (!HTTP.equals(endpoint.get("port"))) {
                    violations.add(ManifestChecker.describe(monitor) + " scrapes port " + endpoint.get("port") + " of " + what
                            + ", but " + METRICS_PATH + " is served on port " + HTTP);
                } else if (!METRICS_PATH.equals(endpoint.get("path"))) {
                    violations.add(ManifestChecker.describe(monitor) + " scrapes path " + endpoint.get("path") + " of " + what
                            + ", not " + METRICS_PATH);
                }
            }
        }
    }

    private void checkClientConfig(String name, Listener grpc) {
        String client = name.substring(0, name.indexOf("-svc")).toUpperCase();
        if (client.equals("INTERPRETER")) {
            return; // no Overtone service calls the interpreter
        }
        Map<String, String> clients = inventory.named(ConfigMap.class, ManifestChecker.GRPC_CLIENTS)
                .map(ConfigMap::getData).orElse(Map.of());
        String prefix = "QUARKUS_GRPC_CLIENTS_" + client + "_";
        String host = ScaleOutContract.headless(name);
        if (!host.equals(clients.get(prefix + "HOST")) || !String.valueOf(grpc.number()).equals(clients.get(prefix + "PORT"))) {
            violations.add("ConfigMap " + ManifestChecker.GRPC_CLIENTS + ": " + prefix + "HOST/PORT should be " + host + "/"
                    + grpc.number() + " (" + grpc.property() + "), are " + clients.get(prefix + "HOST") + "/"
                    + clients.get(prefix + "PORT"));
        }
    }

    // ---- NetworkPolicies: gRPC for callers (checkCall), anyone's gRPC and monitoring's http here

    private void checkIngress(String name, Workload workload, Listener grpc, Listener http) {
        List<NetworkPolicy> policies = policiesFor(workload, "Ingress");
        if (policies.isEmpty()) {
            return; // no policy selects it for ingress: everything may connect
        }
        if (!admitsIngress(policies, grpc, peer -> true)) {
            violations.add("no NetworkPolicy admits traffic to " + name + "'s gRPC " + grpc);
        }
        if (!admitsIngress(policies, http, PortContract::isMonitoringNamespace)) {
            violations.add("no NetworkPolicy admits namespace " + MONITORING_NAMESPACE + " to " + name + "'s " + http
                    + ", where " + METRICS_PATH + " is served");
        }
    }

    private static boolean admitsIngress(List<NetworkPolicy> policies, Listener listener, Predicate<NetworkPolicyPeer> peer) {
        return policies.stream()
                .flatMap(policy -> Optional.ofNullable(policy.getSpec().getIngress()).orElse(List.of()).stream())
                .anyMatch(rule -> admits(rule.getPorts(), listener) && anyPeer(rule.getFrom(), peer));
    }

    private static boolean admitsEgress(List<NetworkPolicy> policies, Listener listener, Predicate<NetworkPolicyPeer> peer) {
        return policies.stream()
                .flatMap(policy -> Optional.ofNullable(policy.getSpec().getEgress()).orElse(List.of()).stream())
                .anyMatch(rule -> admits(rule.getPorts(), listener) && anyPeer(rule.getTo(), peer));
    }

    /** The policies that restrict {@code direction} traffic of a workload's pods (Kubernetes' defaulting of policyTypes). */
    private List<NetworkPolicy> policiesFor(Workload workload, String direction) {
        return inventory.of(NetworkPolicy.class).stream()
                .filter(policy -> Inventory.matches(policy.getSpec().getPodSelector(), workload.labels()))
                .filter(policy -> {
                    List<String> types = policy.getSpec().getPolicyTypes();
                    if (types != null && !types.isEmpty()) {
                        return types.contains(direction);
                    }
                    return direction.equals("Ingress") || policy.getSpec().getEgress() != null;
                })
                .toList();
    }

    /** No ports listed means every port. */
    private static boolean admits(List<NetworkPolicyPort> ports, Listener listener) {
        if (ports == null || ports.isEmpty()) {
            return true;
        }
        return ports.stream().anyMatch(port -> {
            if (port.getPort() == null) {
                return true;
            }
            if (port.getPort().getIntVal() != null && port.getEndPort() != null) {
                return port.getPort().getIntVal() <= listener.number() && listener.number() <= port.getEndPort();
            }
            return listener.isReferencedBy(port.getPort());
        });
    }

    /** No peers listed means every peer. */
    private static boolean anyPeer(List<NetworkPolicyPeer> peers, Predicate<NetworkPolicyPeer> wanted) {
        return peers == null || peers.isEmpty() || peers.stream().anyMatch(wanted);
    }

    private static Predicate<NetworkPolicyPeer> inNamespaceSelecting(Workload workload) {
        return peer -> peer.getNamespaceSelector() == null && peer.getIpBlock() == null
                && Inventory.matches(peer.getPodSelector(), workload.labels());
    }

    private static boolean isMonitoringNamespace(NetworkPolicyPeer peer) {
        LabelSelector pods = peer.getPodSelector();
        boolean allPods = pods == null || Inventory.matches(pods, Map.of());
        return allPods && Inventory.matches(peer.getNamespaceSelector(),
                Map.of("kubernetes.io/metadata.name", MONITORING_NAMESPACE));
    }
}

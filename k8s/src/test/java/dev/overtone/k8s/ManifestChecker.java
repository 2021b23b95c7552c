package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricSpec;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The invariants every rendered overlay must hold, checked on typed model objects. Each
 * broken invariant is one violation message naming the object and what to fix; an
 * empty list means the overlay is consistent.
 *
 * @param namespace       the namespace every namespaced object must be in
 * @param ports           each Overtone service's configured gRPC and HTTP ports
 * @param calls           which Overtone service calls which over gRPC
 * @param externalSecrets Secrets created out of band (README, "Secrets"): name to keys
 * @param drains          how each service drains on SIGTERM
 * @param adapter         the per-pod metrics prometheus-adapter serves to the autoscalers
 */
record ManifestChecker(String namespace, ServicePorts ports, GrpcCalls calls,
                       Map<String, Set<String>> externalSecrets, DrainSettings drains, AdapterRules adapter) {

    static final String GRPC_CLIENTS = "overtone-grpc-clients";
    static final String H2C = "kubernetes.io/h2c";
    static final String LLM_CLIENT_LABEL = "overtone.dev/llm-client";

    /** An LLM endpoint as one service's environment spells it: base URL and model name. */
    record LlmKeys(String baseUrl, String model) {
    }

    /**
     * Every spelling the services read (their application.properties, in Quarkus's environment mapping):
     * each service's own keys and the shared fallback; a new one goes here.
     */
    static final List<LlmKeys> LLM_KEYS = List.of(
            new LlmKeys("OVERTONE_INTERPRETER_LLM_BASE_URL", "OVERTONE_INTERPRETER_LLM_MODEL"),
            new LlmKeys("OVERTONE_INFILL_MODEL_BASE_URL", "OVERTONE_INFILL_MODEL_NAME"),
            new LlmKeys("OVERTONE_PARSER_LLM_BASE_URL", "OVERTONE_PARSER_LLM_MODEL"),
            new LlmKeys("OVERTONE_LLM_BASE_URL", "OVERTONE_LLM_MODEL"));
    /** quarkus-langchain4j's own settings: the services build their client from their own keys and read none of these. */
    static final String UNREAD_LLM_PREFIX = "QUARKUS_LANGCHAIN4J_";
    private static final Set<String> CLUSTER_SCOPED = Set.of("Namespace");
    /** The images Overtone builds (JVM services started by the base image's run-java.sh). */
    static final String OVERTONE_IMAGE_PREFIX = "overtone/";
    /**
     * What every Overtone service container must set so its memory stays where the launcher measured it:
     * the collector, the heap bound and the malloc arenas (ConfigMap overtone-jvm in the base).
     */
    static final List<String> JVM_MEMORY_SETTINGS = List.of("GC_CONTAINER_OPTIONS", "JAVA_MAX_MEM_RATIO", "MALLOC_ARENA_MAX");

    /** A pod template and what owns it (Deployment or StatefulSet). */
    record Workload(HasMetadata owner, LabelSelector selector, PodTemplateSpec template,
                    Integer replicas, List<PersistentVolumeClaim> claimTemplates) {

        String describe() {
            return owner.getKind() + " " + owner.getMetadata().getName();
        }

        Map<String, String> labels() {
            return Optional.ofNullable(template.getMetadata().getLabels()).orElse(Map.of());
        }

        PodSpec pod() {
            return template.getSpec();
        }
    }

    List<String> check(List<HasMetadata> objects) {
        Inventory inventory = new Inventory(objects);
        List<String> violations = new ArrayList<>();
        checkNamespaces(inventory, violations);
        objects.forEach(object -> UnknownFields.collect(object, violations));
        inventory.workloads().forEach(workload -> checkWorkload(inventory, workload, violations));
        inventory.of(Service.class).forEach(service -> checkService(inventory, service, violations));
        inventory.of(PodDisruptionBudget.class).forEach(pdb -> checkPdb(inventory, pdb, violations));
        inventory.of(HorizontalPodAutoscaler.class).forEach(hpa -> checkHpa(inventory, hpa, violations));
        inventory.of(NetworkPolicy.class).forEach(policy -> checkNetworkPolicy(inventory, policy, violations));
        inventory.untyped("ServiceMonitor").forEach(monitor -> checkServiceMonitor(inventory, monitor, violations));
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
        inventory.of(ConfigMap.class).forEach(config -> checkLlmEndpoint(inventory, config, violations));
        return violations;
    }

    // ---- namespaces

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

    // ---- workloads and their containers

    private void checkWorkload(Inventory inventory, Workload workload, List<String> violations) {
        String what = workload.describe();
        if (isEmpty(workload.selector())) {
            violations.add(what + " has no selector");
        } else if (!matches(workload.selector(), workload.labels())) {
            violations.add(what + ": selector " + workload.selector().getMatchLabels()
                    + " does not match its pod template labels " + workload.labels());
        }
        PodSpec pod = workload.pod();
        if (!Boolean.FALSE.equals(pod.getAutomountServiceAccountToken())) {
            violations.add(what + " mounts a service account token it does not need");
        }
        for (TopologySpreadConstraint constraint : Optional.ofNullable(pod.getTopologySpreadConstraints()).orElse(List.of())) {
            if (!matches(constraint.getLabelSelector(), workload.labels())) {
                violations.add(what + ": topology spread on " + constraint.getTopologyKey()
                        + " selects other pods than its own");
            }
        }
        Set<String> volumes = new HashSet<>();
        for (Volume volume : Optional.ofNullable(pod.getVolumes()).orElse(List.of())) {
            volumes.add(volume.getName());
            checkVolume(inventory, what, volume, violations);
        }
        workload.claimTemplates().forEach(claim -> volumes.add(claim.getMetadata().getName()));
        if (pod.getContainers() == null || pod.getContainers().isEmpty()) {
            violations.add(what + " has no containers");
            return;
        }
        boolean callsLlm = pod.getContainers().stream()
                .flatMap(container -> Optional.ofNullable(container.getEnvFrom()).orElse(List.of()).stream())
                .filter(source -> source.getConfigMapRef() != null)
                .flatMap(source -> inventory.named(ConfigMap.class, source.getConfigMapRef().getName()).stream())
                .anyMatch(config -> config.getData() != null
                        && LLM_KEYS.stream().anyMatch(keys -> config.getData().containsKey(keys.baseUrl())));
        if (callsLlm && !"true".equals(workload.labels().get(LLM_CLIENT_LABEL))) {
            violations.add(what + " is configured with an LLM endpoint but lacks the label " + LLM_CLIENT_LABEL
                    + "=true that lets it through the NetworkPolicies to vLLM");
        }
        pod.getContainers().stream().flatMap(container -> Optional.ofNullable(container.getEnv()).orElse(List.of()).stream())
                .filter(env -> env.getName().startsWith(UNREAD_LLM_PREFIX))
                .forEach(env -> violations.add(what + ": env " + env.getName() + " is no LLM setting the services read"
                        + " (ManifestChecker.LLM_KEYS lists them)"));
        for (Container container : pod.getContainers()) {
            checkContainer(inventory, what + " container " + container.getName(), container,
                    pod.getSecurityContext(), volumes, violations);
        }
    }

    /**
     * The variables a container sees, as the kubelet sets them: every key of the ConfigMaps it takes whole, in
     * order (the later winning), then its own env. A variable set from a reference (valueFrom) maps to null.
     */
    static Map<String, String> environment(Inventory inventory, Container container) {
        Map<String, String> environment = new HashMap<>();
        Optional.ofNullable(container.getEnvFrom()).orElse(List.of()).stream()
                .filter(source -> source.getConfigMapRef() != null)
                .flatMap(source -> inventory.named(ConfigMap.class, source.getConfigMapRef().getName()).stream())
                .forEach(config -> environment.putAll(Optional.ofNullable(config.getData()).orElse(Map.of())));
        Optional.ofNullable(container.getEnv()).orElse(List.of()).forEach(env -> environment.put(env.getName(), env.getValue()));
        return environment;
    }

    private void checkContainer(Inventory inventory, String what, Container container,
                                PodSecurityContext podSecurity, Set<String> volumes, List<String> violations) {
        checkProbe(what, "readinessProbe", container.getReadinessProbe(), container, violations);
        checkProbe(what, "livenessProbe", container.getLivenessProbe(), container, violations);
        checkProbe(what, "startupProbe", container.getStartupProbe(), container, violations);

        var resources = container.getResources();
        var requests = resources == null || resources.getRequests() == null ? Map.of() : resources.getRequests();
        var limits = resources == null || resources.getLimits() == null ? Map.of() : resources.getLimits();
        if (!requests.containsKey("cpu") || !requests.containsKey("memory")) {
            violations.add(what + " has no cpu and memory requests");
        }
        if (!limits.containsKey("memory")) {
            violations.add(what + " has no memory limit");
        }

        SecurityContext security = container.getSecurityContext();
        if (security == null) {
            violations.add(what + " has no securityContext");
        } else {
            if (!Boolean.FALSE.equals(security.getAllowPrivilegeEscalation())) {
                violations.add(what + " allows privilege escalation");
            }
            if (!Boolean.TRUE.equals(security.getReadOnlyRootFilesystem())) {
                violations.add(what + " has a writable root filesystem");
            }
            boolean dropsAll = security.getCapabilities() != null && security.getCapabilities().getDrop() != null
                    && security.getCapabilities().getDrop().contains("ALL");
            if (!dropsAll) {
                violations.add(what + " does not drop ALL capabilities");
            }
            boolean nonRoot = Boolean.TRUE.equals(security.getRunAsNonRoot())
                    || podSecurity != null && Boolean.TRUE.equals(podSecurity.getRunAsNonRoot());
            if (!nonRoot) {
                violations.add(what + " may run as root (runAsNonRoot is not true)");
            }
        }

        if (container.getImage() != null && container.getImage().startsWith(OVERTONE_IMAGE_PREFIX)) {
            Set<String> environment = environment(inventory, container).keySet();
            JVM_MEMORY_SETTINGS.stream().filter(name -> !environment.contains(name))
                    .forEach(name -> violations.add(what + " does not set " + name + " (ConfigMap overtone-jvm)"));
        }

        List<VolumeMount> mounts = Optional.ofNullable(container.getVolumeMounts()).orElse(List.of());
        if (mounts.stream().noneMatch(mount -> "/tmp".equals(mount.getMountPath()))) {
            violations.add(what + " has a read-only root but no writable /tmp volume");
        }
        mounts.stream().filter(mount -> !volumes.contains(mount.getName()))
                .forEach(mount -> violations.add(what + " mounts volume " + mount.getName() + ", which the pod lacks"));

        for (EnvVar env : Optional.ofNullable(container.getEnv()).orElse(List.of())) {
            if (env.getValueFrom() == null) {
                continue;
            }
            var configKey = env.getValueFrom().getConfigMapKeyRef();
            if (configKey != null) {
                checkConfigMapKey(inventory, what + " env " + env.getName(), configKey.getName(), configKey.getKey(), violations);
            }
            var secretKey = env.getValueFrom().getSecretKeyRef();
            if (secretKey != null && !Boolean.TRUE.equals(secretKey.getOptional())) {
                checkSecret(inventory, what + " env " + env.getName(), secretKey.getName(), secretKey.getKey(), violations);
            }
        }
        for (EnvFromSource source : Optional.ofNullable(container.getEnvFrom()).orElse(List.of())) {
            if (source.getConfigMapRef() != null) {
                checkConfigMapKey(inventory, what + " envFrom", source.getConfigMapRef().getName(), null, violations);
            }
            if (source.getSecretRef() != null) {
                checkSecret(inventory, what + " envFrom", source.getSecretRef().getName(), null, violations);
            }
        }
    }

    private static void checkProbe(String what, String kind, Probe probe, Container container, List<String> violations) {
        if (probe == null) {
            violations.add(what + " has no " + kind);
            return;
        }
        IntOrString port = probe.getHttpGet() != null ? probe.getHttpGet().getPort()
                : probe.getTcpSocket() != null ? probe.getTcpSocket().getPort() : null;
        if (probe.getHttpGet() == null && probe.getTcpSocket() == null && probe.getExec() == null) {
            violations.add(what + " " + kind + " has no httpGet, tcpSocket or exec action");
        } else if (port != null && !hasPort(container, port)) {
            violations.add(what + " " + kind + " probes port " + text(port) + ", which the container does not expose");
        }
    }

    private void checkVolume(Inventory inventory, String what, Volume volume, List<String> violations) {
        if (volume.getConfigMap() != null) {
            checkConfigMapKey(inventory, what + " volume " + volume.getName(), volume.getConfigMap().getName(), null, violations);
        }
        if (volume.getSecret() != null) {
            checkSecret(inventory, what + " volume " + volume.getName(), volume.getSecret().getSecretName(), null, violations);
        }
        if (volume.getPersistentVolumeClaim() != null) {
            String claim = volume.getPersistentVolumeClaim().getClaimName();
            if (inventory.named(PersistentVolumeClaim.class, claim).isEmpty()) {
                violations.add(what + " volume " + volume.getName() + " claims PersistentVolumeClaim " + claim
                        + ", which is not rendered");
            }
        }
    }

    private static void checkConfigMapKey(Inventory inventory, String what, String name, String key, List<String> violations) {
        Optional<ConfigMap> config = inventory.named(ConfigMap.class, name);
        if (config.isEmpty()) {
            violations.add(what + " refers to ConfigMap " + name + ", which is not rendered");
        } else if (key != null && (config.get().getData() == null || !config.get().getData().containsKey(key))) {
            violations.add(what + " refers to key " + key + " of ConfigMap " + name + ", which it lacks");
        }
    }

    private void checkSecret(Inventory inventory, String what, String name, String key, List<String> violations) {
        Optional<Secret> secret = inventory.named(Secret.class, name);
        if (secret.isPresent()) {
            Set<String> keys = new HashSet<>();
            Optional.ofNullable(secret.get().getData()).ifPresent(data -> keys.addAll(data.keySet()));
            Optional.ofNullable(secret.get().getStringData()).ifPresent(data -> keys.addAll(data.keySet()));
            if (key != null && !keys.contains(key)) {
                violations.add(what + " refers to key " + key + " of Secret " + name + ", which it lacks");
            }
        } else if (!externalSecrets.containsKey(name)) {
            violations.add(what + " refers to Secret " + name
                    + ", which is neither rendered nor documented as created out of band");
        } else if (key != null && !externalSecrets.get(name).contains(key)) {
            violations.add(what + " refers to key " + key + " of Secret " + name
                    + ", which the documented Secret lacks (documented: " + externalSecrets.get(name) + ")");
        }
    }

    // ---- Services, PDBs, HPAs

    private static void checkService(Inventory inventory, Service service, List<String> violations) {
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

    private static void checkPdb(Inventory inventory, PodDisruptionBudget pdb, List<String> violations) {
        if (inventory.selectedBy(pdb.getSpec().getSelector()).isEmpty()) {
            violations.add(describe(pdb) + ": selector matches no pod template");
        }
    }

    private static void checkHpa(Inventory inventory, HorizontalPodAutoscaler hpa, List<String> violations) {
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

    // ---- NetworkPolicies and ServiceMonitors

    private static void checkNetworkPolicy(Inventory inventory, NetworkPolicy policy, List<String> violations) {
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

    private static void checkServiceMonitor(Inventory inventory, GenericKubernetesResource monitor, List<String> violations) {
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

    /** What the checks read of a ServiceMonitor (a CRD, so untyped): its Service selector and endpoints. */
    record MonitorSpec(Map<String, String> matchLabels, List<Map<String, Object>> endpoints) {

        @SuppressWarnings("unchecked")
        static MonitorSpec of(GenericKubernetesResource monitor) {
            Map<String, Object> spec = (Map<String, Object>) monitor.getAdditionalProperties().getOrDefault("spec", Map.of());
            Map<String, Object> selector = (Map<String, Object>) spec.getOrDefault("selector", Map.of());
            return new MonitorSpec((Map<String, String>) selector.getOrDefault("matchLabels", Map.of()),
                    (List<Map<String, Object>>) spec.getOrDefault("endpoints", List.of()));
        }

        boolean selects(Service service) {
            return !matchLabels.isEmpty() && service.getMetadata().getLabels() != null
                    && service.getMetadata().getLabels().entrySet().containsAll(matchLabels.entrySet());
        }
    }

    // ---- Overtone's own contract: models (ports and client wiring: PortContract)

    private static void checkLlmEndpoint(Inventory inventory, ConfigMap config, List<String> violations) {
        Map<String, String> data = Optional.ofNullable(config.getData()).orElse(Map.of());
        String what = describe(config);
        Set<String> known = new HashSet<>();
        LLM_KEYS.forEach(keys -> {
            known.add(keys.baseUrl());
            known.add(keys.model());
        });
        data.keySet().stream().filter(key -> (key.endsWith("_BASE_URL") || key.endsWith("_MODEL") || key.endsWith("_MODEL_NAME")
                        || key.startsWith(UNREAD_LLM_PREFIX)) && !known.contains(key))
                .forEach(key -> violations.add(what + ": " + key + " is no LLM setting the services read"
                        + " (ManifestChecker.LLM_KEYS lists them)"));
        Set<String> endpoints = new HashSet<>();
        for (LlmKeys keys : LLM_KEYS) {
            String baseUrl = data.get(keys.baseUrl());
            if (baseUrl != null) {
                String model = data.get(keys.model());
                endpoints.add(baseUrl + " " + model);
                checkServed(inventory, what, baseUrl, model, violations);
            }
        }
        if (endpoints.size() > 1) {
            violations.add(what + ": its spellings of the LLM endpoint disagree: " + endpoints);
        }
    }

    private static void checkServed(Inventory inventory, String what, String baseUrl, String model, List<String> violations) {
        URI uri = URI.create(baseUrl);
        Optional<Service> service = inventory.named(Service.class, uri.getHost());
        if (service.isEmpty() || service.get().getSpec().getPorts().stream().noneMatch(p -> p.getPort() == uri.getPort())) {
            violations.add(what + ": LLM endpoint " + baseUrl + " is no rendered Service and port");
            return;
        }
        Set<String> served = new HashSet<>();
        inventory.workloads().stream()
                .filter(workload -> workload.labels().entrySet().containsAll(service.get().getSpec().getSelector().entrySet()))
                .flatMap(workload -> workload.pod().getContainers().stream())
                .forEach(container -> served.addAll(ServedModels.of(container)));
        if (model == null || !served.contains(model)) {
            violations.add(what + ": model " + model + " is not served by " + uri.getHost() + " (it serves " + served + ")");
        }
    }

    // ---- helpers

    static boolean matches(LabelSelector selector, Map<String, String> labels) {
        if (selector == null) {
            return false;
        }
        Map<String, String> required = Optional.ofNullable(selector.getMatchLabels()).orElse(Map.of());
        if (!labels.entrySet().containsAll(required.entrySet())) {
            return false;
        }
        for (LabelSelectorRequirement requirement : Optional.ofNullable(selector.getMatchExpressions()).orElse(List.of())) {
            String value = labels.get(requirement.getKey());
            List<String> values = Optional.ofNullable(requirement.getValues()).orElse(List.of());
            boolean ok = switch (requirement.getOperator()) {
                case "In" -> value != null && values.contains(value);
                case "NotIn" -> value == null || !values.contains(value);
                case "Exists" -> value != null;
                case "DoesNotExist" -> value == null;
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean isEmpty(LabelSelector selector) {
        return selector == null
                || (selector.getMatchLabels() == null || selector.getMatchLabels().isEmpty())
                && (selector.getMatchExpressions() == null || selector.getMatchExpressions().isEmpty());
    }

    private static boolean hasPort(Container container, IntOrString port) {
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

    /** Lookups over one rendered overlay. */
    record Inventory(List<HasMetadata> objects) {

        <T extends HasMetadata> List<T> of(Class<T> type) {
            return objects.stream().filter(type::isInstance).map(type::cast).toList();
        }

        <T extends HasMetadata> Optional<T> named(Class<T> type, String name) {
            return of(type).stream().filter(object -> object.getMetadata().getName().equals(name)).findFirst();
        }

        List<GenericKubernetesResource> untyped(String kind) {
            return of(GenericKubernetesResource.class).stream().filter(object -> kind.equals(object.getKind())).toList();
        }

        List<Workload> workloads() {
            List<Workload> workloads = new ArrayList<>();
            Function<Deployment, Workload> deployment = d -> new Workload(d, d.getSpec().getSelector(),
                    d.getSpec().getTemplate(), d.getSpec().getReplicas(), List.of());
            Function<StatefulSet, Workload> statefulSet = s -> new Workload(s, s.getSpec().getSelector(),
                    s.getSpec().getTemplate(), s.getSpec().getReplicas(),
                    Optional.ofNullable(s.getSpec().getVolumeClaimTemplates()).orElse(List.of()));
            of(Deployment.class).stream().map(deployment).forEach(workloads::add);
            of(StatefulSet.class).stream().map(statefulSet).forEach(workloads::add);
            return workloads;
        }

        List<Workload> selectedBy(LabelSelector selector) {
            return workloads().stream().filter(workload -> matches(selector, workload.labels())).toList();
        }
    }
}

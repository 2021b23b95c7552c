package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static dev.overtone.k8s.ManifestChecker.hasPort;
import static dev.overtone.k8s.ManifestChecker.text;

/**
 * Every Deployment and StatefulSet: a selector that matches its pods, no service account token, and containers with
 * the three probes on ports they expose, CPU and memory requests and a memory limit, a locked-down security context
 * with a writable /tmp, the JVM settings of k8s/base/jvm (Overtone's images), and references only to ConfigMaps,
 * Secrets and claims that are rendered or documented.
 *
 * @param externalSecrets Secrets created out of band (README, "Secrets"): name to keys
 */
record WorkloadRules(Inventory inventory, Map<String, Set<String>> externalSecrets, JvmSettings jvm,
                     List<String> violations) {

    /** The images Overtone builds (JVM services started by the base image's run-java.sh). */
    static final String OVERTONE_IMAGE_PREFIX = "overtone/";

    void check(Workload workload) {
        String what = workload.describe();
        if (Inventory.isEmpty(workload.selector())) {
            violations.add(what + " has no selector");
        } else if (!Inventory.matches(workload.selector(), workload.labels())) {
            violations.add(what + ": selector " + workload.selector().getMatchLabels()
                    + " does not match its pod template labels " + workload.labels());
        }
        PodSpec pod = workload.pod();
        if (!Boolean.FALSE.equals(pod.getAutomountServiceAccountToken())) {
            violations.add(what + " mounts a service account token it does not need");
        }
        for (TopologySpreadConstraint constraint : Optional.ofNullable(pod.getTopologySpreadConstraints()).orElse(List.of())) {
            if (!Inventory.matches(constraint.getLabelSelector(), workload.labels())) {
                violations.add(what + ": topology spread on " + constraint.getTopologyKey()
                        + " selects other pods than its own");
            }
        }
        Set<String> volumes = new HashSet<>();
        for (Volume volume : Optional.ofNullable(pod.getVolumes()).orElse(List.of())) {
            volumes.add(volume.getName());
            checkVolume(what, volume);
        }
        workload.claimTemplates().forEach(claim -> volumes.add(claim.getMetadata().getName()));
        if (pod.getContainers() == null || pod.getContainers().isEmpty()) {
            violations.add(what + " has no containers");
            return;
        }
        new LlmEndpoints(inventory, violations).checkWorkload(workload);
        for (Container container : pod.getContainers()) {
            checkContainer(what + " container " + container.getName(), container, pod.getSecurityContext(), volumes);
        }
    }

    private void checkContainer(String what, Container container, PodSecurityContext podSecurity, Set<String> volumes) {
        checkProbe(what, "readinessProbe", container.getReadinessProbe(), container);
        checkProbe(what, "livenessProbe", container.getLivenessProbe(), container);
        checkProbe(what, "startupProbe", container.getStartupProbe(), container);
        var resources = container.getResources();
        var requests = resources == null || resources.getRequests() == null ? Map.of() : resources.getRequests();
        var limits = resources == null || resources.getLimits() == null ? Map.of() : resources.getLimits();
        if (!requests.containsKey("cpu") || !requests.containsKey("memory")) {
            violations.add(what + " has no cpu and memory requests");
        }
        if (!limits.containsKey("memory")) {
            violations.add(what + " has no memory limit");
        }
        checkSecurity(what, container.getSecurityContext(), podSecurity);
        if (container.getImage() != null && container.getImage().startsWith(OVERTONE_IMAGE_PREFIX)) {
            jvm.check(what, container.getName(), inventory.environment(container), violations);
            if (limits.get("memory") instanceof Quantity memory) {
                jvm.checkMemory(what, container.getName(), Quantity.getAmountInBytes(memory).longValue(), violations);
            }
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
                checkConfigMapKey(what + " env " + env.getName(), configKey.getName(), configKey.getKey());
            }
            var secretKey = env.getValueFrom().getSecretKeyRef();
            if (secretKey != null && !Boolean.TRUE.equals(secretKey.getOptional())) {
                checkSecret(what + " env " + env.getName(), secretKey.getName(), secretKey.getKey());
            }
        }
        for (EnvFromSource source : Optional.ofNullable(container.getEnvFrom()).orElse(List.of())) {
            if (source.getConfigMapRef() != null) {
                checkConfigMapKey(what + " envFrom", source.getConfigMapRef().getName(), null);
            }
            if (source.getSecretRef() != null) {
                checkSecret(what + " envFrom", source.getSecretRef().getName(), null);
            }
        }
    }

    private void checkSecurity(String what, SecurityContext security, PodSecurityContext podSecurity) {
        if (security == null) {
            violations.add(what + " has no securityContext");
            return;
        }
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

    private void checkProbe(String what, String kind, Probe probe, Container container) {
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

    private void checkVolume(String what, Volume volume) {
        if (volume.getConfigMap() != null) {
            checkConfigMapKey(what + " volume " + volume.getName(), volume.getConfigMap().getName(), null);
        }
        if (volume.getSecret() != null) {
            checkSecret(what + " volume " + volume.getName(), volume.getSecret().getSecretName(), null);
        }
        if (volume.getPersistentVolumeClaim() != null) {
            String claim = volume.getPersistentVolumeClaim().getClaimName();
            if (inventory.named(PersistentVolumeClaim.class, claim).isEmpty()) {
                violations.add(what + " volume " + volume.getName() + " claims PersistentVolumeClaim " + claim
                        + ", which is not rendered");
            }
        }
    }

    private void checkConfigMapKey(String what, String name, String key) {
        Optional<ConfigMap> config = inventory.named(ConfigMap.class, name);
        if (config.isEmpty()) {
            violations.add(what + " refers to ConfigMap " + name + ", which is not rendered");
        } else if (key != null && (config.get().getData() == null || !config.get().getData().containsKey(key))) {
            violations.add(what + " refers to key " + key + " of ConfigMap " + name + ", which it lacks");
        }
    }

    private void checkSecret(String what, String name, String key) {
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
}

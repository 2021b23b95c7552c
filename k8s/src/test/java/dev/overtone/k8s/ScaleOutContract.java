package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LifecycleHandler;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricSpec;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What scale-out needs of the manifests, per service (issue 33): per-pod discovery (each caller dials its callee's
 * headless Service through gRPC's DNS resolver, and the callee's server ages connections out so callers resolve again),
 * a preStop hook and grace period that fit the drain, a PodDisruptionBudget that lets a node drain proceed, and an
 * autoscaler on the per-pod load the services export (through prometheus-adapter), not CPU alone.
 *
 * @param drains  each service's drain settings from its application.properties
 * @param adapter the per-pod metrics prometheus-adapter serves
 */
record ScaleOutContract(Inventory inventory, DrainSettings drains, AdapterRules adapter, List<String> violations) {

    /** runtime's CallsInFlightGauge, as Prometheus names it. */
    static final String LOAD_METRIC = "overtone_grpc_calls_in_flight";
    static final String MAX_CONNECTION_AGE = "OVERTONE_GRPC_SERVER_MAX_CONNECTION_AGE";
    static final String MAX_CONNECTION_AGE_GRACE = "OVERTONE_GRPC_SERVER_MAX_CONNECTION_AGE_GRACE";
    /** runtime MaxConnectionAge's grace when unset. */
    static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);
    /** What the JVM needs after the drain to exit, within the grace period. */
    static final Duration EXIT_MARGIN = Duration.ofSeconds(5);
    /** The service whose calls can last the whole budget; the others answer within parts of it. */
    static final String LONGEST_CALLS_SERVED_BY = "interpreter-svc";
    /** runtime RetryingChannels' default overtone.grpc.slow-start. */
    static final Duration SLOW_START = Duration.ofSeconds(10);
    private static final Pattern SLEEP = Pattern.compile("(?:^|\\s|/)sleep\\s+(\\d+)\\s*$");

    /** The headless Service a service's callers resolve. */
    static String headless(String service) {
        return service + "-headless";
    }

    void checkService(String name) {
        Optional<Workload> workload = inventory.deployment(name);
        if (workload.isEmpty()) {
            return; // PortContract reports it
        }
        workload.get().pod().getContainers().stream().filter(container -> container.getName().equals(name)).findFirst()
                .ifPresent(container -> checkDrain(name, workload.get(), container));
        Optional<HorizontalPodAutoscaler> autoscaler = checkAutoscaler(name);
        checkDisruptionBudget(name, workload.get(), autoscaler);
        checkSlowStart(name, workload.get());
    }

    // ---- rollout: the next old pod goes once the new one has its full share of calls

    private void checkSlowStart(String name, Workload workload) {
        if (workload.owner() instanceof Deployment deployment) {
            int minReady = Optional.ofNullable(deployment.getSpec().getMinReadySeconds()).orElse(0);
            if (minReady < SLOW_START.toSeconds()) {
                violations.add("Deployment " + name + ": minReadySeconds " + minReady + " is shorter than its callers' slow start ("
                        + SLOW_START.toSeconds() + " s, overtone.grpc.slow-start): a rollout would stop the next old pod while"
                        + " the new one is cold and give it the whole load");
            }
        }
    }

    // ---- drain: preStop, then SIGTERM and quarkus.shutdown.timeout, all within the grace period

    private void checkDrain(String name, Workload workload, Container container) {
        String what = "Deployment " + name;
        DrainSettings.Drain drain = drains.byService().get(name);
        if (!drain.startsWhileServing()) {
            violations.add(name + "'s application.properties does not set " + DrainSettings.DELAY_ENABLED
                    + "=true: its drain would start after the HTTP server closed, and readiness never answers 503");
        }
        String override = inventory.environment(container).get(DrainSettings.TIMEOUT_ENV);
        Optional<Duration> timeout = override != null ? Optional.of(DrainSettings.duration(override)) : drain.timeout();
        if (timeout.isEmpty()) {
            violations.add(name + " sets no " + DrainSettings.TIMEOUT + ": it does not drain, and calls in flight die at SIGTERM");
            return;
        }
        if (name.equals(LONGEST_CALLS_SERVED_BY) && timeout.get().compareTo(drains.longestCall()) < 0) {
            violations.add(name + "'s " + DrainSettings.TIMEOUT + " (" + timeout.get().toSeconds() + " s) is shorter than the"
                    + " longest call (" + DrainSettings.LONGEST_CALL + ", " + drains.longestCall().toSeconds()
                    + " s): a drain would cut the calls it holds");
        }
        Optional<Duration> preStop = preStopWait(what, container);
        if (preStop.isEmpty()) {
            return;
        }
        long grace = Optional.ofNullable(workload.pod().getTerminationGracePeriodSeconds()).orElse(30L);
        Duration needed = preStop.get().plus(timeout.get()).plus(EXIT_MARGIN);
        if (Duration.ofSeconds(grace).compareTo(needed) < 0) {
            violations.add(what + ": terminationGracePeriodSeconds " + grace + " is shorter than the preStop wait ("
                    + preStop.get().toSeconds() + " s) + " + DrainSettings.TIMEOUT + " (" + timeout.get().toSeconds()
                    + " s) + " + EXIT_MARGIN.toSeconds() + " s to exit: the kubelet would kill calls the drain is finishing");
        }
    }

    /** The preStop hook's wait: a sleep action, or an exec of sleep N. */
    private Optional<Duration> preStopWait(String what, Container container) {
        LifecycleHandler hook = container.getLifecycle() == null ? null : container.getLifecycle().getPreStop();
        if (hook == null) {
            violations.add(what + " has no preStop hook: SIGTERM (and the drain's GOAWAY) would come before the"
                    + " endpoints, the ingress and DNS have let go of the pod");
            return Optional.empty();
        }
        if (hook.getSleep() != null && hook.getSleep().getSeconds() != null) {
            return Optional.of(Duration.ofSeconds(hook.getSleep().getSeconds()));
        }
        if (hook.getExec() != null && hook.getExec().getCommand() != null) {
            Matcher sleep = SLEEP.matcher(String.join(" ", hook.getExec().getCommand()));
            if (sleep.find()) {
                return Optional.of(Duration.ofSeconds(Long.parseLong(sleep.group(1))));
            }
        }
        violations.add(what + ": its preStop hook is no wait the test can read (a sleep action, or exec sleep N)");
        return Optional.empty();
    }

    // ---- autoscaler on the per-pod load, and a disruption budget that lets a node drain proceed

    private Optional<HorizontalPodAutoscaler> checkAutoscaler(String name) {
        Optional<HorizontalPodAutoscaler> autoscaler = inventory.of(HorizontalPodAutoscaler.class).stream()
                .filter(hpa -> "Deployment".equals(hpa.getSpec().getScaleTargetRef().getKind())
                        && name.equals(hpa.getSpec().getScaleTargetRef().getName()))
                .findFirst();
        if (autoscaler.isEmpty()) {
            violations.add("no HorizontalPodAutoscaler scales Deployment " + name);
            return autoscaler;
        }
        String what = ManifestChecker.describe(autoscaler.get());
        List<String> podMetrics = Optional.ofNullable(autoscaler.get().getSpec().getMetrics()).orElse(List.of()).stream()
                .filter(metric -> metric.getPods() != null && metric.getPods().getMetric() != null)
                .map(MetricSpec::getPods).map(pods -> pods.getMetric().getName()).toList();
        if (!podMetrics.contains(LOAD_METRIC)) {
            violations.add(what + " does not scale on the per-pod load " + LOAD_METRIC + " (a Pods metric), only on "
                    + (podMetrics.isEmpty() ? "resources such as CPU" : podMetrics));
        }
        podMetrics.stream().filter(metric -> !adapter.podMetrics().contains(metric))
                .forEach(metric -> violations.add(what + " scales on " + metric + ", which prometheus-adapter ("
                        + AdapterRules.VALUES + ") does not serve per pod"));
        return autoscaler;
    }

    private void checkDisruptionBudget(String name, Workload workload, Optional<HorizontalPodAutoscaler> autoscaler) {
        List<PodDisruptionBudget> budgets = inventory.of(PodDisruptionBudget.class).stream()
                .filter(pdb -> Inventory.matches(pdb.getSpec().getSelector(), workload.labels())).toList();
        if (budgets.isEmpty()) {
            violations.add("no PodDisruptionBudget covers Deployment " + name);
            return;
        }
        int fewest = autoscaler.map(hpa -> Optional.ofNullable(hpa.getSpec().getMinReplicas()).orElse(1))
                .orElse(Optional.ofNullable(workload.replicas()).orElse(1));
        for (PodDisruptionBudget pdb : budgets) {
            IntOrString minAvailable = pdb.getSpec().getMinAvailable();
            IntOrString maxUnavailable = pdb.getSpec().getMaxUnavailable();
            boolean blocks = minAvailable != null && minAvailable.getIntVal() != null && minAvailable.getIntVal() >= fewest
                    || maxUnavailable != null && Integer.valueOf(0).equals(maxUnavailable.getIntVal());
            if (blocks) {
                violations.add(ManifestChecker.describe(pdb) + " lets no pod of " + name + " go at its fewest replicas ("
                        + fewest + "): a node drain would wait for ever");
            }
        }
    }

    // ---- discovery: callers resolve the callee's headless Service; the callee ages connections out

    void checkDiscovery(String callee, ServicePorts.Ports ports) {
        String client = callee.substring(0, callee.indexOf("-svc")).toUpperCase();
        Map<String, String> clients = inventory.named(ConfigMap.class, ManifestChecker.GRPC_CLIENTS)
                .map(ConfigMap::getData).orElse(Map.of());
        String resolver = "QUARKUS_GRPC_CLIENTS_" + client + "_NAME_RESOLVER";
        if (!"dns".equals(clients.get(resolver))) {
            violations.add("ConfigMap " + ManifestChecker.GRPC_CLIENTS + ": " + resolver + " is " + clients.get(resolver)
                    + ", not dns: callers would not resolve " + headless(callee) + " to its pods");
        }
        Optional<Service> service = inventory.named(Service.class, headless(callee));
        if (service.isEmpty()) {
            violations.add("no headless Service " + headless(callee) + ": callers of " + callee
                    + " would reach one pod through a cluster IP");
        } else {
            checkHeadless(callee, service.get(), ports);
        }
        inventory.serviceContainer(callee).ifPresent(container -> checkConnectionAge(callee, inventory.environment(container)));
    }

    private void checkConnectionAge(String callee, Map<String, String> environment) {
        String age = environment.get(MAX_CONNECTION_AGE);
        if (age == null || age.isBlank() || DrainSettings.duration(age).isZero()) {
            violations.add("Deployment " + callee + " does not set " + MAX_CONNECTION_AGE
                    + " (ConfigMap overtone-grpc-server): its callers resolve " + headless(callee)
                    + " again only when a connection goes away, so they would never reach a pod added later");
            return;
        }
        String graceText = environment.get(MAX_CONNECTION_AGE_GRACE);
        Duration grace = graceText == null ? DEFAULT_GRACE : DrainSettings.duration(graceText);
        if (grace.compareTo(drains.longestCall()) < 0) {
            violations.add("Deployment " + callee + ": " + MAX_CONNECTION_AGE_GRACE + " " + grace.toSeconds()
                    + " s is shorter than the longest call (" + DrainSettings.LONGEST_CALL + ", "
                    + drains.longestCall().toSeconds() + " s): a call on a connection that ages out would be cut");
        }
    }

    private void checkHeadless(String callee, Service service, ServicePorts.Ports ports) {
        String what = ManifestChecker.describe(service);
        if (!"None".equals(service.getSpec().getClusterIP())) {
            violations.add(what + " has a cluster IP: kube-proxy would pin each caller's connection to one pod of " + callee
                    + " (set clusterIP: None)");
        }
        if (Boolean.TRUE.equals(service.getSpec().getPublishNotReadyAddresses())) {
            violations.add(what + " publishes pods that are not ready: callers would reach warming and draining pods");
        }
        boolean selectsCallee = inventory.deployment(callee).map(workload -> service.getSpec().getSelector() != null
                && workload.labels().entrySet().containsAll(service.getSpec().getSelector().entrySet())).orElse(false);
        if (!selectsCallee) {
            violations.add(what + " does not select the pods of " + callee);
        }
        Optional<ServicePort> grpc = service.getSpec().getPorts().stream()
                .filter(port -> PortContract.GRPC.equals(port.getName())).findFirst();
        boolean rightPort = grpc.isPresent() && grpc.get().getPort() == ports.grpc()
                && (grpc.get().getTargetPort() == null
                || PortContract.Listener.grpc(ports).isReferencedBy(grpc.get().getTargetPort()));
        if (!rightPort) {
            violations.add(what + " has no port grpc " + ports.grpc() + " (" + ServicePorts.GRPC_PORT + ") to the pods' grpc");
        }
    }
}

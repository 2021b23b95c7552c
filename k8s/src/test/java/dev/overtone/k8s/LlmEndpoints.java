package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Service;

import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where the services find their LLM: every configured base URL is a rendered Service whose vLLM serves the configured
 * model name, every spelling is one the services read, and every workload configured with an endpoint carries the
 * label the NetworkPolicies let through to vLLM.
 */
record LlmEndpoints(Inventory inventory, List<String> violations) {

    static final String CLIENT_LABEL = "overtone.dev/llm-client";
    /** quarkus-langchain4j's own settings: the services build their client from their own keys and read none of these. */
    static final String UNREAD_PREFIX = "QUARKUS_LANGCHAIN4J_";

    /** An LLM endpoint as one service's environment spells it: base URL and model name. */
    record Keys(String baseUrl, String model) {
    }

    /**
     * Every spelling the services read (their application.properties, in Quarkus's environment mapping):
     * each service's own keys and the shared fallback; a new one goes here.
     */
    static final List<Keys> KEYS = List.of(
            new Keys("OVERTONE_INTERPRETER_LLM_BASE_URL", "OVERTONE_INTERPRETER_LLM_MODEL"),
            new Keys("OVERTONE_INFILL_MODEL_BASE_URL", "OVERTONE_INFILL_MODEL_NAME"),
            new Keys("OVERTONE_PARSER_LLM_BASE_URL", "OVERTONE_PARSER_LLM_MODEL"),
            new Keys("OVERTONE_LLM_BASE_URL", "OVERTONE_LLM_MODEL"));

    /** A workload that takes an LLM endpoint from its ConfigMaps is labelled for vLLM, and sets no unread setting itself. */
    void checkWorkload(Workload workload) {
        String what = workload.describe();
        boolean callsLlm = workload.pod().getContainers().stream()
                .flatMap(container -> Optional.ofNullable(container.getEnvFrom()).orElse(List.of()).stream())
                .filter(source -> source.getConfigMapRef() != null)
                .flatMap(source -> inventory.named(ConfigMap.class, source.getConfigMapRef().getName()).stream())
                .anyMatch(config -> config.getData() != null
                        && KEYS.stream().anyMatch(keys -> config.getData().containsKey(keys.baseUrl())));
        if (callsLlm && !"true".equals(workload.labels().get(CLIENT_LABEL))) {
            violations.add(what + " is configured with an LLM endpoint but lacks the label " + CLIENT_LABEL
                    + "=true that lets it through the NetworkPolicies to vLLM");
        }
        workload.pod().getContainers().stream()
                .flatMap(container -> Optional.ofNullable(container.getEnv()).orElse(List.of()).stream())
                .filter(env -> env.getName().startsWith(UNREAD_PREFIX))
                .forEach(env -> violations.add(what + ": env " + env.getName() + " is no LLM setting the services read"
                        + " (LlmEndpoints.KEYS lists them)"));
    }

    void checkConfig(ConfigMap config) {
        Map<String, String> data = Optional.ofNullable(config.getData()).orElse(Map.of());
        String what = ManifestChecker.describe(config);
        Set<String> known = new HashSet<>();
        KEYS.forEach(keys -> {
            known.add(keys.baseUrl());
            known.add(keys.model());
        });
        data.keySet().stream().filter(key -> (key.endsWith("_BASE_URL") || key.endsWith("_MODEL") || key.endsWith("_MODEL_NAME")
                        || key.startsWith(UNREAD_PREFIX)) && !known.contains(key))
                .forEach(key -> violations.add(what + ": " + key + " is no LLM setting the services read"
                        + " (LlmEndpoints.KEYS lists them)"));
        Set<String> endpoints = new HashSet<>();
        for (Keys keys : KEYS) {
            String baseUrl = data.get(keys.baseUrl());
            if (baseUrl != null) {
                String model = data.get(keys.model());
                endpoints.add(baseUrl + " " + model);
                checkServed(what, baseUrl, model);
            }
        }
        if (endpoints.size() > 1) {
            violations.add(what + ": its spellings of the LLM endpoint disagree: " + endpoints);
        }
    }

    private void checkServed(String what, String baseUrl, String model) {
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
}

package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.HasMetadata;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The overlays a platform engineer applies, with what each expects to exist already:
 * the Secrets created out of band, with their keys (the README's "Secrets" section
 * lists the same).
 */
enum Overlay {

    DEV("overtone-dev", Map.of("hf-token", Set.of("token"))),
    PROD("overtone", Map.of(
            "hf-token", Set.of("token"),
            "vllm-api-key", Set.of("api-key"),
            "overtone-postgres", Set.of("host", "port", "database", "username", "password"),
            "overtone-tenant-credentials", Set.of()));

    /** Each overlay rendered once per test run; a test that changes objects works on a {@link Manifests#copy}. */
    private static final Map<Overlay, List<HasMetadata>> RENDERED = new ConcurrentHashMap<>();

    final String namespace;
    final Map<String, Set<String>> externalSecrets;

    Overlay(String namespace, Map<String, Set<String>> externalSecrets) {
        this.namespace = namespace;
        this.externalSecrets = externalSecrets;
    }

    static Path checkout() {
        return Path.of(System.getProperty("overtone.root", "..")).toAbsolutePath().normalize();
    }

    Path directory() {
        return checkout().resolve("k8s/overlays").resolve(name().toLowerCase());
    }

    List<HasMetadata> render() {
        return RENDERED.computeIfAbsent(this, overlay -> Manifests.render(overlay.directory()));
    }

    ManifestChecker checker() {
        return new ManifestChecker(namespace, ServicePorts.read(checkout()), GrpcCalls.read(checkout()), externalSecrets,
                DrainSettings.read(checkout()), AdapterRules.read(checkout()), JvmSettings.read(checkout()));
    }
}

package dev.overtone.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each service pod starts its JVM as the launcher does, where memory and collections were measured: the
 * collector options of ConfigMap overtone-jvm, plus the heap options bin/overtone gives that service (the
 * young generation of the services that allocate most), which a service's own ConfigMap adds by
 * overriding GC_CONTAINER_OPTIONS.
 */
class JvmSettingsTest {

    private static final Pattern LAUNCHER_HEAP_OPTIONS = Pattern.compile("^\\s*([a-z|-]+)\\) echo \"([^\"]*)\" ;;", Pattern.MULTILINE);

    @ParameterizedTest
    @EnumSource(Overlay.class)
    void everyServiceGetsTheSharedCollectorOptionsAndTheLaunchersHeapOptions(Overlay overlay) throws IOException {
        ManifestChecker.Inventory inventory = new ManifestChecker.Inventory(overlay.render());
        String shared = inventory.named(ConfigMap.class, "overtone-jvm").orElseThrow().getData().get("GC_CONTAINER_OPTIONS");
        Map<String, String> launcher = launcherHeapOptions();
        assertThat(launcher).containsKeys("parser-svc", "interpreter-svc");

        for (String service : ServicePorts.SERVICES) {
            Container container = inventory.named(Deployment.class, service).orElseThrow()
                    .getSpec().getTemplate().getSpec().getContainers().get(0);
            String effective = ManifestChecker.environment(inventory, container).get("GC_CONTAINER_OPTIONS");
            String heap = launcher.get(service);
            assertThat(effective).as(overlay + " " + service)
                    .isEqualTo(heap == null ? shared : shared + " " + heap);
        }
    }

    /** bin/overtone's heap options by service, from the cases of its heap_opts_of (the default case left out). */
    private static Map<String, String> launcherHeapOptions() throws IOException {
        String script = Files.readString(Overlay.checkout().resolve("bin/overtone"));
        String function = script.substring(script.indexOf("heap_opts_of() {"));
        function = function.substring(0, function.indexOf("\n}"));
        Map<String, String> byService = new HashMap<>();
        Matcher m = LAUNCHER_HEAP_OPTIONS.matcher(function);
        while (m.find()) {
            for (String service : m.group(1).split("\\|")) byService.put(service, m.group(2));
        }
        return byService;
    }
}

package dev.overtone.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/overtone jvm-options, what the packaged-jar ITs start each service with: the collector options, heap free
 * ratios and malloc arenas that k8s/base/jvm sets for the service's pods (its own file over all.env), passed on as the
 * image's run-java.sh passes them, with the launcher's heap standing in for the container's; an unknown service is
 * refused, naming the known ones.
 */
class LauncherJvmOptionsTest {
    private static final String LAUNCHER_HEAP = "-Xmx256m -Xms16m -XX:+ExitOnOutOfMemoryError";

    @TempDir
    Path home;

    @Test
    void eachServiceGetsWhatItsPodsAreSetToWithTheLaunchersHeap() throws Exception {
        JvmSettings jvm = JvmSettings.read(Overlay.checkout());
        for (String service : ServicePorts.SERVICES) {
            Map<String, String> pod = jvm.of(service);
            LauncherProcess printed = LauncherProcess.run(Overlay.checkout(), home, Map.of(), "jvm-options", service);

            assertThat(printed.exit()).as(printed.output()).isZero();
            assertThat(printed.output()).as(service).isEqualTo("JAVA_OPTS=" + LAUNCHER_HEAP + " " + pod.get(JvmSettings.COLLECTOR_OPTIONS)
                    + " -XX:MinHeapFreeRatio=" + pod.get("GC_MIN_HEAP_FREE_RATIO") + " -XX:MaxHeapFreeRatio="
                    + pod.get("GC_MAX_HEAP_FREE_RATIO") + "\nMALLOC_ARENA_MAX=" + pod.get("MALLOC_ARENA_MAX") + "\n");
        }
    }

    @Test
    void anUnknownServiceIsRefusedNamingTheKnownOnes() throws Exception {
        LauncherProcess refused = LauncherProcess.run(Overlay.checkout(), home, Map.of(), "jvm-options", "parser");

        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.output()).contains("unknown service 'parser' (one of executor-svc parser-svc clarify-svc infill-svc"
                + " interpreter-svc)");
    }
}

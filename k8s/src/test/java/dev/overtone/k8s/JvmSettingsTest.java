package dev.overtone.k8s;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * k8s/base/jvm is the one source of the services' JVM settings: kubectl kustomize renders it into every service's
 * environment, a service's own file replacing keys of every service's, read the way kustomize and bin/overtone read it.
 */
class JvmSettingsTest {

    @TempDir
    Path checkout;

    @ParameterizedTest
    @EnumSource(Overlay.class)
    void everyServiceContainerRunsWithItsSettingsFromK8sBaseJvm(Overlay overlay) {
        Inventory inventory = new Inventory(overlay.render());
        JvmSettings jvm = JvmSettings.read(Overlay.checkout());

        for (String service : ServicePorts.SERVICES) {
            Map<String, String> environment = inventory.environment(inventory.serviceContainer(service).orElseThrow());
            assertThat(environment).as(overlay + " " + service).containsAllEntriesOf(jvm.of(service));
        }
    }

    @Test
    void aServicesOwnFileReplacesKeysOfEveryServicesFile() throws IOException {
        write("all.env", "# every service\nGC_CONTAINER_OPTIONS=-XX:+UseSerialGC\n\nMALLOC_ARENA_MAX=2\n");
        write("parser-svc.env", "  GC_CONTAINER_OPTIONS=-XX:+UseSerialGC -Xmn32m\n");

        JvmSettings jvm = JvmSettings.read(checkout);

        assertThat(jvm.of("parser-svc")).containsExactlyInAnyOrderEntriesOf(
                Map.of("GC_CONTAINER_OPTIONS", "-XX:+UseSerialGC -Xmn32m", "MALLOC_ARENA_MAX", "2"));
        assertThat(jvm.of("executor-svc")).containsEntry("GC_CONTAINER_OPTIONS", "-XX:+UseSerialGC");
        assertThat(jvm.inconsistencies()).isEmpty();
    }

    @Test
    void theHeapAndDirectMemoryBoundsMustLeaveWhatTheRestOfTheProcessWasMeasuredToNeed() {
        JvmSettings jvm = new JvmSettings(Map.of("GC_CONTAINER_OPTIONS", "-XX:+UseSerialGC -XX:MaxDirectMemorySize=128m",
                "JAVA_MAX_MEM_RATIO", "33"), Map.of());
        List<String> violations = new ArrayList<>();

        jvm.checkMemory("infill-svc", "infill-svc", 768L << 20, violations);
        assertThat(violations).as("253 + 128 MiB of 768 leave 387").isEmpty();

        jvm.checkMemory("infill-svc", "infill-svc", 512L << 20, violations);
        assertThat(violations).containsExactly("infill-svc: the heap bound (33% of the 512 MiB memory limit, 168 MiB) and"
                + " -XX:MaxDirectMemorySize (128 MiB) leave 215 MiB to the rest of the process, under the 288 MiB it was"
                + " measured to need; raise the limit or lower a bound (k8s/base/jvm)");
    }

    @Test
    void halfOfA768MiLimitForTheHeapLeavesTooLittle() {
        JvmSettings jvm = new JvmSettings(Map.of("GC_CONTAINER_OPTIONS", "-XX:+UseSerialGC -XX:MaxDirectMemorySize=128m",
                "JAVA_MAX_MEM_RATIO", "50"), Map.of());
        List<String> violations = new ArrayList<>();

        jvm.checkMemory("interpreter-svc", "interpreter-svc", 768L << 20, violations);

        assertThat(violations).singleElement().asString().contains("leave 256 MiB to the rest of the process");
    }

    @Test
    void aServiceWithoutADirectMemoryBoundFails() {
        JvmSettings jvm = new JvmSettings(Map.of("GC_CONTAINER_OPTIONS", "-XX:+UseSerialGC", "JAVA_MAX_MEM_RATIO", "25"), Map.of());
        List<String> violations = new ArrayList<>();

        jvm.checkMemory("executor-svc", "executor-svc", 1L << 30, violations);

        assertThat(violations).singleElement().asString().contains("sets no -XX:MaxDirectMemorySize");
    }

    @Test
    void theCheckoutsServiceFilesAddToEveryServicesCollectorOptions() {
        assertThat(JvmSettings.read(Overlay.checkout()).inconsistencies()).isEmpty();
    }

    @Test
    void aServiceFileThatDropsOneOfEveryServicesCollectorOptionsIsInconsistent() throws IOException {
        write("all.env", "GC_CONTAINER_OPTIONS=-XX:+UseSerialGC -XX:TrimNativeHeapInterval=5000\n");
        write("interpreter-svc.env", "GC_CONTAINER_OPTIONS=-XX:+UseSerialGC -Xms32m\n");

        assertThat(JvmSettings.read(checkout).inconsistencies()).singleElement().asString()
                .startsWith("k8s/base/jvm/interpreter-svc.env: GC_CONTAINER_OPTIONS '-XX:+UseSerialGC -Xms32m' does not"
                        + " start with all.env's");
    }

    @Test
    void aLineThatIsNoSettingIsRefusedWithItsPlace() throws IOException {
        write("all.env", "MALLOC_ARENA_MAX=2\nGC MIN=10\n");

        assertThatThrownBy(() -> JvmSettings.read(checkout)).hasMessageEndingWith("all.env:2: 'GC MIN=10' is no KEY=VALUE line");
    }

    private void write(String name, String content) throws IOException {
        Path file = checkout.resolve(JvmSettings.FOLDER).resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}

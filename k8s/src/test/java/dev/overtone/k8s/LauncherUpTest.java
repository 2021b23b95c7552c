package dev.overtone.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/overtone up refuses, with an exit status of its own (3), to start a suite while one started with another replica
 * count runs: a caller such as the bench waits for that suite instead of failing. Run in a checkout of the launcher
 * and the services' configuration alone, so an up that went on would fail at its build instead of building.
 */
class LauncherUpTest {

    @TempDir
    Path checkout;
    @TempDir
    Path home;

    @Test
    void upExitsWithStatus3WhileASuiteOfAnotherReplicaCountRuns() throws Exception {
        LauncherProcess.copyInto(checkout);
        for (String service : ServicePorts.SERVICES) {
            Path properties = ServicePorts.applicationProperties(checkout, service);
            Files.createDirectories(properties.getParent());
            Files.copy(ServicePorts.applicationProperties(Overlay.checkout(), service), properties);
        }
        Files.createDirectories(home.resolve("run"));
        Files.writeString(home.resolve("run/replicas"), "2");
        // a running replica as the launcher tells one: its PID file names a live process whose command line runs quarkus-run.jar
        Process replica = new ProcessBuilder("bash", "-c", "read -r line", "quarkus-run.jar").start();
        try {
            Files.writeString(home.resolve("run/interpreter-svc.pid"), String.valueOf(replica.pid()));

            LauncherProcess up = LauncherProcess.run(checkout, home, Map.of(), "up", "--replicas", "1");

            assertThat(up.exit()).as(up.output()).isEqualTo(3);
            assertThat(up.output()).contains("the suite runs 2 replicas of each service; 'bin/overtone down' before starting it with 1");
        } finally {
            replica.destroy();
        }
    }
}

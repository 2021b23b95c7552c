package dev.overtone.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.overtone.bench.client.Endpoint;
import dev.overtone.bench.client.Suite;
import dev.overtone.replicas.SuitePorts;
import picocli.CommandLine.Option;

/** Where the suite is and how the bench talks to it; shared by every subcommand. */
public class SuiteOptions {

    @Option(names = "--interpreter", description = "interpreter-svc host:port (default: env OVERTONE_INTERPRETER_ADDR, "
            + "else localhost:$OVERTONE_INTERPRETER_PORT, else localhost on interpreter-svc's port in the checkout's configuration)")
    String interpreter;

    @Option(names = "--clarify-svc", description = "clarify-svc host:port (default: env OVERTONE_CLARIFY_ADDR, "
            + "else localhost:$OVERTONE_CLARIFY_PORT, else localhost on clarify-svc's port in the checkout's configuration)")
    String clarify;

    @Option(names = "--overtone-home", defaultValue = "${env:OVERTONE_HOME:-.overtone}",
            description = "runtime directory: bench databases go to <home>/bench/dbs, the tenant file to "
                    + "<home>/tenants.d/bench.properties (env OVERTONE_HOME; default ${DEFAULT-VALUE})")
    Path overtoneHome;

    @Option(names = "--deadline-ms", defaultValue = "60000",
            description = "gRPC deadline per call in milliseconds (default ${DEFAULT-VALUE})")
    long deadlineMs;

    @Option(names = "--no-start", description = "fail instead of running 'bin/overtone up' when the suite is down")
    boolean noStart;

    @Option(names = "--launcher", defaultValue = "${env:OVERTONE_LAUNCHER:-bin/overtone}",
            description = "launcher used to start the suite when it is down (default ${DEFAULT-VALUE})")
    Path launcher;

    @Option(names = "--start-timeout-s", defaultValue = "240",
            description = "how long to wait for a suite started by the bench (default ${DEFAULT-VALUE})")
    long startTimeoutSeconds;

    public Endpoint interpreterEndpoint() {
        return endpoint(interpreter, "OVERTONE_INTERPRETER", "interpreter-svc");
    }

    public Endpoint clarifyEndpoint() {
        return endpoint(clarify, "OVERTONE_CLARIFY", "clarify-svc");
    }

    /** The service's gRPC address, with its HTTP port as far from it as the service's configuration sets them. */
    private Endpoint endpoint(String given, String envPrefix, String service) {
        SuitePorts ports = ports();
        return Endpoint.parse(resolve(given, envPrefix, service, ports), ports.http(service, 0) - ports.grpc(service, 0));
    }

    /**
     * The option, else {@code <PREFIX>_ADDR}, else localhost on {@code <PREFIX>_PORT} (what bin/overtone sets),
     * else on the service's port as bin/overtone would start it from this checkout.
     */
    private static String resolve(String given, String envPrefix, String service, SuitePorts ports) {
        if (given != null && !given.isBlank()) {
            return given;
        }
        String addr = System.getenv(envPrefix + "_ADDR");
        if (addr != null && !addr.isBlank()) {
            return addr;
        }
        String port = System.getenv(envPrefix + "_PORT");
        return "localhost:" + (port == null || port.isBlank() ? String.valueOf(ports.grpc(service, 0)) : port.strip());
    }

    public Path launcher() {
        return launcher;
    }

    /** The launcher as the bench runs it: in the bench's Overtone home, whatever the environment says. */
    public Suite.Launcher launcherInHome() {
        return new Suite.Launcher(launcher, home());
    }

    /** The checkout the launcher (bin/overtone) is in, whose services' configuration sets their ports. */
    public Path checkout() {
        return launcher.toAbsolutePath().normalize().getParent().getParent();
    }

    /** Where bin/overtone runs each replica of each service (OVERTONE_PORT_BASE moves them). */
    public SuitePorts ports() {
        return SuitePorts.fromEnvironment(checkout());
    }

    public Path home() {
        return overtoneHome.toAbsolutePath().normalize();
    }

    public long deadlineMs() {
        return deadlineMs;
    }

    /** Ensures the named services are up (starting the suite if allowed), says how on {@code err}, and opens the channels. */
    public Suite connect(boolean needClarify, PrintWriter err) throws Suite.SuiteUnavailableException {
        List<Endpoint> needed = needClarify ? List.of(interpreterEndpoint(), clarifyEndpoint())
                : List.of(interpreterEndpoint());
        String how = Suite.ensureUp(needed, !noStart, launcherInHome(), Duration.ofSeconds(startTimeoutSeconds), err);
        err.println("bench: " + how);
        return new Suite(interpreterEndpoint(), clarifyEndpoint());
    }
}

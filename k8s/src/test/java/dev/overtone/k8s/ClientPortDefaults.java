package dev.overtone.k8s;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The port a caller dials when nothing overrides it, {@code ${OVERTONE_PARSER_PORT:8093}} in a caller's
 * application.properties (a service's, or the command-line client's): it must be the callee's own
 * {@code quarkus.grpc.server.port}, the one source of that port. Every service that calls another must name one.
 */
final class ClientPortDefaults {

    /** The command-line client (bin/overtone ask, exec, clarify), which dials interpreter, clarify and executor. */
    static final String CLI_PROPERTIES = "bin/cli/src/main/resources/application.properties";
    private static final Pattern DEFAULT_PORT = Pattern.compile("\\$\\{OVERTONE_([A-Z]+)_PORT:([^}]*)}");

    private ClientPortDefaults() {
    }

    static List<String> check(Path checkout, ServicePorts ports, GrpcCalls calls) {
        List<String> violations = new ArrayList<>();
        for (String caller : ServicePorts.SERVICES) {
            Path file = ServicePorts.applicationProperties(checkout, caller);
            Set<String> named = checkFile(checkout, file, ports, violations);
            calls.calleesByCaller().getOrDefault(caller, Set.of()).stream().filter(callee -> !named.contains(callee))
                    .sorted().forEach(callee -> violations.add(checkout.relativize(file) + " names no default port for "
                            + callee + " (${OVERTONE_" + client(callee) + "_PORT:<its quarkus.grpc.server.port>})"));
        }
        Path cli = checkout.resolve(CLI_PROPERTIES);
        if (Files.isRegularFile(cli)) {
            checkFile(checkout, cli, ports, violations);
        }
        return violations;
    }

    /** The callees whose default port the file names, each checked. */
    private static Set<String> checkFile(Path checkout, Path file, ServicePorts ports, List<String> violations) {
        Properties properties = ServicePorts.load(file);
        Set<String> named = new HashSet<>();
        for (String key : properties.stringPropertyNames()) {
            Matcher port = DEFAULT_PORT.matcher(properties.getProperty(key));
            while (port.find()) {
                String callee = port.group(1).toLowerCase() + "-svc";
                ServicePorts.Ports expected = ports.byService().get(callee);
                if (expected == null) {
                    continue; // another port, such as OVERTONE_PG_PORT
                }
                named.add(callee);
                if (!String.valueOf(expected.grpc()).equals(port.group(2))) {
                    violations.add(checkout.relativize(file) + ": " + key + " dials " + callee + " at " + port.group(2)
                            + " by default, but its " + ServicePorts.GRPC_PORT + " is " + expected.grpc());
                }
            }
        }
        return named;
    }

    private static String client(String service) {
        return service.substring(0, service.indexOf("-svc")).toUpperCase();
    }
}

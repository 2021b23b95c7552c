package dev.overtone.k8s;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which service calls which over gRPC, read from the unprofiled
 * {@code quarkus.grpc.clients.<name>.host} entries of each service's
 * {@code application.properties} (client {@code parser} is parser-svc): the
 * NetworkPolicies must let every one of these calls through.
 */
record GrpcCalls(Map<String, Set<String>> calleesByCaller) {

    private static final Pattern CLIENT_HOST = Pattern.compile("quarkus\\.grpc\\.clients\\.([a-z]+)\\.host");

    static GrpcCalls read(Path checkout) {
        Map<String, Set<String>> callees = new LinkedHashMap<>();
        for (String caller : ServicePorts.SERVICES) {
            Properties properties = ServicePorts.load(ServicePorts.applicationProperties(checkout, caller));
            Set<String> called = new TreeSet<>();
            for (String key : properties.stringPropertyNames()) {
                Matcher client = CLIENT_HOST.matcher(key);
                if (client.matches()) {
                    called.add(client.group(1) + "-svc");
                }
            }
            callees.put(caller, Set.copyOf(called));
        }
        return new GrpcCalls(Map.copyOf(callees));
    }
}

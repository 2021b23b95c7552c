package dev.overtone.runtime.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The retried calls name unary RPCs the contracts declare, and none that a repeat would change. */
class IdempotentCallsTest {
    private static final Path CONTRACTS = Path.of("../proto/src/main/proto/overtone/v1");
    private static final Pattern SERVICE = Pattern.compile("^service (\\w+) \\{");
    private static final Pattern RPC = Pattern.compile("^\\s*rpc (\\w+)\\(\\w+\\) returns \\((stream )?\\w+\\);");

    /** {@code overtone.v1.Service/Method} of each RPC of the contracts whose answer is a stream, or is not. */
    private static Set<String> rpcs(boolean streamed) throws IOException {
        Set<String> rpcs = new HashSet<>();
        try (Stream<Path> files = Files.list(CONTRACTS)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".proto")).toList()) {
                String service = null;
                for (String line : Files.readAllLines(file)) {
                    Matcher s = SERVICE.matcher(line);
                    Matcher r = RPC.matcher(line);
                    if (s.find()) {
                        service = s.group(1);
                    } else if (r.find() && (r.group(2) != null) == streamed) {
                        rpcs.add("overtone.v1." + service + "/" + r.group(1));
                    }
                }
            }
        }
        return rpcs;
    }

    private static Set<String> retried() {
        Set<String> names = new HashSet<>();
        IdempotentCalls.METHODS.forEach(m -> names.add(m.service() + "/" + m.name()));
        return names;
    }

    @Test
    void everyRetriedCallIsAnRpcOfTheContracts() throws IOException {
        Set<String> rpcs = rpcs(false);
        assertThat(rpcs).as("the contracts were read").contains("overtone.v1.ExecutorService/Execute");
        rpcs.addAll(rpcs(true));
        assertThat(rpcs).containsAll(retried());
        assertThat(retried()).hasSameSizeAs(IdempotentCalls.METHODS);
    }

    @Test
    void callsThatARepeatWouldChangeAreNotRetried() {
        assertThat(retried()).doesNotContain("overtone.v1.ClarifyService/Start", "overtone.v1.ClarifyService/Cancel",
                "overtone.v1.ClarifyService/Forget", "overtone.v1.InterpreterService/Interpret");
    }

    @Test
    void everyReadingCallOfTheDownstreamServicesIsRetried() throws IOException {
        Set<String> readers = new HashSet<>(rpcs(false));
        readers.removeIf(rpc -> rpc.startsWith("overtone.v1.InterpreterService/"));
        // the one streamed reading: the channel retries it until its first result (WatchMemory waits for changes)
        readers.add("overtone.v1.ExecutorService/StreamExecuteBatch");
        assertThat(rpcs(true)).contains("overtone.v1.ExecutorService/StreamExecuteBatch");
        readers.removeAll(Set.of("overtone.v1.ClarifyService/Start", "overtone.v1.ClarifyService/Cancel",
                "overtone.v1.ClarifyService/Forget"));
        assertThat(retried()).containsExactlyInAnyOrderElementsOf(readers);
    }
}

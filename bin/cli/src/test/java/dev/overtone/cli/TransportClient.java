package dev.overtone.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * src/test/node/transport-rounds.mjs: a client that no one on the team wrote (@grpc/grpc-js, loading
 * proto/ at run time, plus raw HTTP/2 frames), run against the suite. Its npm packages are installed
 * from the committed lock file on first use.
 */
final class TransportClient {
    record Report(String json, boolean allGood, Map<String, Integer> followUpsOk) {
    }

    private TransportClient() {
    }

    static Report run(LocalSuite suite, int rounds) throws IOException, InterruptedException {
        assumeTrue(onPath("node") && onPath("npm"), "node and npm are needed for the foreign-client transport test");
        Path client = suite.checkout.resolve("bin/cli/src/test/node");
        if (!Files.isDirectory(client.resolve("node_modules/@grpc/grpc-js"))) {
            execute(client, 300, List.of("npm", "ci", "--no-audit", "--no-fund"));
        }
        String output = execute(client, 600, List.of("node", "transport-rounds.mjs",
                "--proto", suite.checkout.resolve("proto/src/main/proto").toString(),
                "--interpreter", String.valueOf(LocalSuite.port("interpreter-svc")),
                "--clarify", String.valueOf(LocalSuite.port("clarify-svc")),
                "--executor", String.valueOf(LocalSuite.port("executor-svc")),
                "--rounds", String.valueOf(rounds)));
        String json = output.lines().filter(line -> line.startsWith("{")).reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("the node client printed no report:\n" + output));
        JsonObject report = JsonParser.parseString(json).getAsJsonObject();
        Map<String, Integer> followUps = new LinkedHashMap<>();
        if (report.has("rpcs")) {
            report.getAsJsonObject("rpcs").entrySet().forEach(rpc ->
                    followUps.put(rpc.getKey(), rpc.getValue().getAsJsonObject().get("followUpsOk").getAsInt()));
        }
        return new Report(json, report.has("allGood") && report.get("allGood").getAsBoolean(), followUps);
    }

    private static String execute(Path directory, long timeoutSeconds, List<String> command)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile("transport-client", ".out");
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in " + timeoutSeconds + " s:\n"
                    + Files.readString(log, StandardCharsets.UTF_8));
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        Files.deleteIfExists(log);
        if (command.get(0).equals("npm") && process.exitValue() != 0) {
            throw new AssertionError("npm ci failed in " + directory + ":\n" + output);
        }
        return output;
    }

    private static boolean onPath(String program) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
    }
}

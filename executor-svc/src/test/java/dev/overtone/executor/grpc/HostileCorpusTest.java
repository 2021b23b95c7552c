package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Runs every line of corpus/hostile.tsv and corpus/allowed.tsv on the engines it names and asserts
 * its outcome: the status code, the rule for refusals, that every allowed line runs, that no call
 * outlived its timeout by more than a second, and that no tenant database changed.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class HostileCorpusTest {
    private static final long TIMEOUT_MS = 500;
    /** The bound the sandbox promises: a statement ends within its limit and a second. */
    private static final long SLACK_MS = 1_000;
    private static final Map<String, String> DATABASES = Map.of("sqlite", "hotels", "pg", "hotels-pg");

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    record Line(int number, String engines, String expected, String sql) {
        List<String> engineNames() {
            return engines.equals("both") ? List.of("sqlite", "pg") : List.of(engines);
        }
    }

    @Test
    void everyHostileLineIsRefusedOrStoppedAndEveryAllowedLineRuns() throws Exception {
        List<Line> hostile = read("corpus/hostile.tsv", true);
        List<Line> allowed = read("corpus/allowed.tsv", false);
        assertThat(hostile).hasSizeGreaterThanOrEqualTo(150);
        assertThat(allowed).hasSizeGreaterThanOrEqualTo(25);
        Map<String, String> before = checksums();
        // warm both engines so that the first measured call does not pay for class loading
        for (String database : DATABASES.values()) {
            executor.execute(execute("demo", database, "SELECT 1"));
        }

        List<String> failures = new ArrayList<>();
        Map<String, Integer> outcomes = new TreeMap<>();
        for (Line line : hostile) {
            for (String engine : line.engineNames()) {
                String outcome = run(engine, line.sql(), failures, line);
                outcomes.merge(outcome.replaceFirst(":.*", ""), 1, Integer::sum);
                if (!matches(line.expected(), outcome)) {
                    failures.add("hostile line " + line.number() + " on " + engine + ": expected " + line.expected()
                            + ", got " + outcome + " — " + line.sql());
                }
            }
        }
        for (Line line : allowed) {
            for (String engine : line.engineNames()) {
                String outcome = run(engine, line.sql(), failures, line);
                if (!outcome.equals("ok")) {
                    failures.add("allowed line " + line.number() + " on " + engine + " did not run: " + outcome
                            + " — " + line.sql());
                }
            }
        }
        assertThat(failures).as("corpus outcomes " + outcomes).isEmpty();
        assertThat(checksums()).as("no tenant database changed").isEqualTo(before);
    }

    /** Statements too long for the file: a 78 KB chain of ANDs and 12 KB of nested parentheses. */
    @Test
    void longChainsAndDeepNestingAreRefusedBeforeTheParserSeesThem() {
        String andChain = "SELECT name FROM hotels WHERE " + "stars = 1 AND ".repeat(5600) + "1 = 1";
        String concatChain = "SELECT " + "name || ".repeat(3000) + "name FROM hotels";
        String nested = "SELECT " + "(".repeat(6000) + "1" + ")".repeat(6000);
        String nestedSubqueries = "SELECT * FROM " + "(SELECT * FROM ".repeat(500) + "hotels" + ") s".repeat(500);
        assertThat(andChain.length()).isGreaterThan(78_000);
        List<String> failures = new ArrayList<>();
        for (String engine : DATABASES.keySet()) {
            for (String sql : List.of(andChain, concatChain, nested, nestedSubqueries)) {
                Line line = new Line(0, engine, "denied:too-complex", sql.substring(0, 60) + "…");
                String outcome = run(engine, sql, failures, line);
                if (!outcome.equals("denied:too-complex")) {
                    failures.add("on " + engine + ": expected denied:too-complex, got " + outcome + " — " + line.sql());
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    private String run(String engine, String sql, List<String> failures, Line line) {
        long start = System.nanoTime();
        String outcome;
        try {
            ExecuteResponse response = executor.execute(execute("demo", DATABASES.get(engine), sql,
                    Limits.newBuilder().setTimeoutMs(TIMEOUT_MS).build()));
            outcome = response.getColumnsCount() > 0 ? "ok" : "ok-without-columns";
        } catch (StatusRuntimeException e) {
            outcome = describe(e.getStatus());
        }
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        if (elapsed > TIMEOUT_MS + SLACK_MS) {
            failures.add("line " + line.number() + " on " + engine + " took " + elapsed + " ms, more than its "
                    + TIMEOUT_MS + " ms timeout + " + SLACK_MS + " ms — " + line.sql());
        }
        return outcome;
    }

    private static String describe(Status status) {
        String message = status.getDescription() == null ? "" : status.getDescription();
        return switch (status.getCode()) {
            case PERMISSION_DENIED -> "denied:" + message.replaceFirst("^refused by rule ([a-z-]+):.*$", "$1");
            case INVALID_ARGUMENT -> "invalid:" + message;
            case DEADLINE_EXCEEDED -> "deadline";
            case RESOURCE_EXHAUSTED -> "exhausted:" + message;
            default -> status.getCode() + ":" + message;
        };
    }

    private static boolean matches(String expected, String outcome) {
        return switch (expected) {
            case "refused" -> outcome.startsWith("denied:") || outcome.startsWith("invalid:");
            case "invalid" -> outcome.startsWith("invalid:");
            case "exhausted" -> outcome.startsWith("exhausted:");
            default -> outcome.equals(expected);
        };
    }

    private static Map<String, String> checksums() throws Exception {
        Map<String, String> sums = new TreeMap<>();
        for (String file : List.of("demo/hotels.sqlite", "other/crm.sqlite")) {
            Path path = TenantDatabasesResource.TENANTS.resolve(file);
            sums.put(file, TenantDatabasesResource.fileChecksum(path));
        }
        sums.put("postgresql", TenantDatabasesResource.postgresChecksum());
        return sums;
    }

    private static List<Line> read(String resource, boolean withOutcome) throws IOException {
        List<Line> lines = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                HostileCorpusTest.class.getClassLoader().getResourceAsStream(resource), StandardCharsets.UTF_8))) {
            String text;
            int number = 0;
            while ((text = reader.readLine()) != null) {
                number++;
                if (text.isBlank() || text.startsWith("#")) {
                    continue;
                }
                String[] parts = text.split("\t", withOutcome ? 3 : 2);
                String sql = parts[parts.length - 1].replace("\\n", "\n");
                lines.add(new Line(number, parts[0], withOutcome ? parts[1] : "ok", sql));
            }
        }
        return lines;
    }
}

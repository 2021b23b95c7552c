package dev.overtone.executor.service.policy;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.executor.service.EngineKind;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.support.BenchStatements;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;
import net.sf.jsqlparser.statement.select.Select;
import org.junit.jupiter.api.Test;

/**
 * Not a test: where the policy's time goes, stage by stage, on the realistic mixes (the AmbiQT development
 * statements for SQLite, corpus/allowed.tsv and analytical queries for PostgreSQL), and the worst case of a
 * parse on the calling thread within {@link ParseBounds} (generated statements at the bounds: deep
 * parentheses, calls, sub-queries, CASE, long lists and chains). Plain JUnit, no Quarkus; run only when asked:
 * {@code ./mvnw -B -o -pl executor-svc verify -Dtest=PolicyCostBench -Dsurefire.failIfNoSpecifiedTests=false}.
 * Prints medians (ms); asserts nothing.
 */
class PolicyCostBench {
    private static final Path SHARED_DATA = BenchStatements.SHARED_DATA;
    private static final int WARM_UP = 3;
    private static final int ROUNDS = 7;

    @Test
    void whereThePolicysTimeGoes() throws IOException {
        System.out.println("PolicyCostBench, load average " + Files.readString(Path.of("/proc/loadavg")).strip());
        if (Files.isDirectory(SHARED_DATA)) {
            stages(EngineKind.SQLITE, sqliteMix());
        }
        stages(EngineKind.POSTGRESQL, postgresMix());
        worstCases(EngineKind.POSTGRESQL);
        worstCases(EngineKind.SQLITE);
    }

    private static void stages(EngineKind engine, List<String> statements) {
        TenantDatabase database = PolicyConfigs.database(engine);
        ExecutorConfig.Policy config = PolicyConfigs.defaults();
        ReadOnlyPolicy callingThread = new ReadOnlyPolicy(engine, config);
        ReadOnlyPolicy pooled = new ReadOnlyPolicy(engine, withCallingThreadTokens(config, 0));
        PolicyParser parser = new PolicyParser(2, 64, 5_000, Duration.ofMillis(250));
        ComplexityBounds complexity = new ComplexityBounds(config.maxNesting(), config.maxOperatorChain());
        FunctionAllowList allowed = FunctionAllowList.of(engine, List.of());
        SystemNames systemNames = new SystemNames(engine, allowed);
        BuiltValueBounds builtValues = new BuiltValueBounds(engine, config.maxBuiltLength());
        ParseBounds bounds = new ParseBounds(config.callingThreadParseMaxTokens(), config.callingThreadParseMaxNesting());

        Map<String, List<Double>> times = new LinkedHashMap<>();
        int refused = 0;
        int onThread = 0;
        for (String sql : statements) {
            try {
                callingThread.check(database, sql);
            } catch (SandboxException e) {
                refused++;
                continue;
            }
            SqlLexer.Lexed lexed = SqlLexer.lex(sql, engine);
            int explained = lexed.tokens().get(0).isWord("explain") ? 1 : 0;
            TokenView tokens = new TokenView(lexed.tokens().subList(explained, lexed.tokens().size()));
            String plain = callingThread.analysisText(tokens, false);
            String text;
            try {
                parser.parse(plain, engine, 0, true);
                text = plain;
            } catch (SandboxException e) {
                text = callingThread.analysisText(tokens, true); // names JSqlParser reserves, quoted (the second parse)
            }
            String parsed = text;
            if (bounds.onCallingThread(tokens.size(), complexity.check(tokens))) {
                onThread++;
            }
            for (int round = 0; round < WARM_UP + ROUNDS; round++) {
                boolean keep = round >= WARM_UP;
                time(times, keep, "whole check, parse on the pool (before)", () -> pooled.check(database, sql));
                time(times, keep, "whole check, parse on the calling thread within the bounds (after)",
                        () -> callingThread.check(database, sql));
                time(times, keep, "lex", () -> SqlLexer.lex(sql, engine));
                time(times, keep, "token checks (depth, calls, system names, builders)", () -> {
                    TokenView view = new TokenView(lexed.tokens().subList(explained, lexed.tokens().size()));
                    complexity.check(view);
                    List<CallSites.Call> calls = CallSites.find(view);
                    systemNames.check(view);
                    builtValues.check(view, calls);
                    return calls;
                });
                time(times, keep, "analysis text", () -> callingThread.analysisText(tokens, false));
                time(times, keep, "parse on the pool (hop + parse)", () -> parser.parse(parsed, engine, 0, false));
                time(times, keep, "parse on the calling thread", () -> parser.parse(parsed, engine, 0, true));
                Select select = (Select) parser.parse(parsed, engine, 0, true);
                time(times, keep, "tree walk", () -> TreeWalk.of(select, config.maxTreeNodes()));
            }
        }
        System.out.printf(Locale.ROOT, "%n%s: %d statements (%d refused, not timed; %d of the others within the"
                + " calling-thread bounds), %d rounds each; median ms:%n", engine.dialect(), statements.size(), refused,
                onThread, ROUNDS);
        times.forEach((stage, list) -> System.out.printf(Locale.ROOT, "  %-75s %.4f%n", stage, median(list)));
    }

    /**
     * Generated statements of growing nesting and length: each is parsed on the calling thread (the bounds
     * bypassed, to see the growth past them) and the median of 5 parses printed, with whether the bounds let it
     * onto the calling thread.
     */
    private static void worstCases(EngineKind engine) {
        ExecutorConfig.Policy config = PolicyConfigs.defaults();
        ParseBounds bounds = new ParseBounds(config.callingThreadParseMaxTokens(), config.callingThreadParseMaxNesting());
        ComplexityBounds complexity = new ComplexityBounds(config.maxNesting(), config.maxOperatorChain());
        PolicyParser parser = new PolicyParser(1, 8, 5_000, Duration.ofMillis(250));
        Map<String, java.util.function.IntFunction<String>> shapes = new LinkedHashMap<>();
        shapes.put("nested parentheses", d -> "SELECT " + "(".repeat(d) + "1" + ")".repeat(d));
        shapes.put("nested parentheses around a sum", d -> "SELECT " + "(a + ".repeat(d) + "1" + ")".repeat(d) + " FROM t");
        shapes.put("nested calls", d -> "SELECT " + "coalesce(".repeat(d) + "a" + ", 1)".repeat(d) + " FROM t");
        shapes.put("nested sub-queries", d -> "SELECT * FROM " + "(SELECT * FROM ".repeat(d) + "t" + ") s".repeat(d));
        shapes.put("nested IN sub-queries", d -> "SELECT a FROM t WHERE " + "a IN (SELECT a FROM t WHERE ".repeat(d)
                + "a = 1" + ")".repeat(d));
        shapes.put("nested CASE", d -> "SELECT " + "CASE WHEN a = 1 THEN ".repeat(d) + "1" + " ELSE 0 END".repeat(d)
                + " FROM t");
        shapes.put("nested CAST", d -> "SELECT " + "CAST(".repeat(d) + "a" + " AS text)".repeat(d) + " FROM t");
        shapes.put("nested NOT (", d -> "SELECT a FROM t WHERE " + "NOT (".repeat(d) + "a = 1" + ")".repeat(d));
        shapes.put("nested window calls", d -> "SELECT " + "sum(".repeat(d) + "a" + ") OVER (ORDER BY a)".repeat(d)
                + " FROM t");
        System.out.printf(Locale.ROOT, "%n%s: nesting, median ms of 5 parses on the calling thread (* = within the"
                + " bounds: %d tokens, nesting %d)%n", engine.dialect(), bounds.maxTokens(), bounds.maxNesting());
        for (Map.Entry<String, java.util.function.IntFunction<String>> shape : shapes.entrySet()) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-34s", shape.getKey()));
            for (int d : new int[] {1, 2, 4, 6, 8, 10, 12, 16}) {
                String sql = shape.getValue().apply(d);
                double ms = parseMillis(parser, sql, engine);
                TokenView tokens = new TokenView(SqlLexer.lex(sql, engine).tokens());
                boolean within = bounds.onCallingThread(tokens.size(), complexity.check(tokens));
                line.append(String.format(Locale.ROOT, " d%d=%s%s", d, ms < 0 ? "timeout" : String.format(Locale.ROOT,
                        "%.3f", ms), within ? "*" : ""));
                if (ms < 0 || ms > 1_000) {
                    break;
                }
            }
            System.out.println(line);
        }
        // long but shallow: as many tokens as the bounds allow, in the shapes that make the parser look ahead most
        Map<String, Supplier<String>> flat = new LinkedHashMap<>();
        int n = bounds.maxTokens();
        flat.put("select list", () -> "SELECT " + String.join(", ", repeat("a", n / 2 - 4)) + " FROM t");
        flat.put("AND chain", () -> "SELECT a FROM t WHERE " + String.join(" AND ", repeat("a = 1", n / 4 - 3)));
        flat.put("IN list", () -> "SELECT a FROM t WHERE a IN (" + String.join(", ", repeat("1", n / 2 - 8)) + ")");
        flat.put("UNION ALL", () -> String.join(" UNION ALL ", repeat("SELECT a FROM t", n / 6 - 1)));
        flat.put("joins", () -> "SELECT t0.a FROM t t0" + String.join("", indexed(n / 12,
                i -> " JOIN t t" + (i + 1) + " ON t" + (i + 1) + ".a = t" + i + ".a")));
        flat.put("calls in a list", () -> "SELECT " + String.join(", ", repeat("coalesce(a, 1)", n / 7 - 2)) + " FROM t");
        flat.put("CASE arms", () -> "SELECT CASE" + String.join("", repeat(" WHEN a = 1 THEN 2", n / 7)) + " END FROM t");
        flat.put("depth-6 parentheses, repeated", () -> "SELECT " + String.join(", ", repeat("((((((a))))))", n / 14))
                + " FROM t");
        flat.put("depth-6 sub-queries, repeated", () -> "SELECT " + String.join(", ", repeat(
                "(SELECT (SELECT (SELECT (SELECT (SELECT (SELECT a FROM t) FROM t) FROM t) FROM t) FROM t) FROM t)",
                Math.max(1, n / 42))) + " FROM t");
        System.out.printf(Locale.ROOT, "%s: about %d tokens, median ms of 5 parses on the calling thread%n",
                engine.dialect(), n);
        flat.forEach((name, sql) -> {
            String text = sql.get();
            TokenView tokens = new TokenView(SqlLexer.lex(text, engine).tokens());
            boolean within = bounds.onCallingThread(tokens.size(), complexity.check(tokens));
            System.out.printf(Locale.ROOT, "  %-34s %d tokens%s: %.3f%n", name, tokens.size(), within ? "*" : "",
                    parseMillis(parser, text, engine));
        });
    }

    private static double parseMillis(PolicyParser parser, String sql, EngineKind engine) {
        double[] times = new double[5];
        for (int i = -3; i < times.length; i++) { // three untimed parses first: the JIT's share is not the parse's
            long start = System.nanoTime();
            try {
                parser.parse(sql, engine, System.nanoTime() + 5_000_000_000L, true);
            } catch (SandboxException e) {
                if (e.getMessage().contains("longer than") || e.code() == io.grpc.Status.Code.DEADLINE_EXCEEDED) {
                    return -1;
                }
            }
            if (i >= 0) {
                times[i] = (System.nanoTime() - start) / 1e6;
            }
        }
        Arrays.sort(times);
        return times[2];
    }

    private static List<String> repeat(String text, int times) {
        return java.util.Collections.nCopies(Math.max(1, times), text);
    }

    private static List<String> indexed(int count, java.util.function.IntFunction<String> item) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(item.apply(i));
        }
        return items;
    }

    private static void time(Map<String, List<Double>> times, boolean keep, String stage, Supplier<?> work) {
        long start = System.nanoTime();
        work.get();
        double ms = (System.nanoTime() - start) / 1e6;
        if (keep) {
            times.computeIfAbsent(stage, s -> new ArrayList<>()).add(ms);
        }
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[sorted.length / 2];
    }

    /** The defaults with another calling-thread token bound (0: every parse on the pool, as before). */
    private static ExecutorConfig.Policy withCallingThreadTokens(ExecutorConfig.Policy config, int tokens) {
        InvocationHandler handler = (proxy, method, args) -> method.getName().equals("callingThreadParseMaxTokens")
                ? tokens : method.invoke(config, args);
        return (ExecutorConfig.Policy) Proxy.newProxyInstance(PolicyCostBench.class.getClassLoader(),
                new Class<?>[] {ExecutorConfig.Policy.class}, handler);
    }

    private static List<String> sqliteMix() throws IOException {
        TreeSet<String> sql = new TreeSet<>();
        BenchStatements.sqliteByFile().values().forEach(sql::addAll);
        return new ArrayList<>(sql);
    }

    private static List<String> postgresMix() throws IOException {
        return BenchStatements.postgresAllowed();
    }
}

package dev.overtone.parser.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlAnalyzer;
import dev.overtone.parser.variants.Variant;
import dev.overtone.parser.variants.VariantGenerator;
import dev.overtone.parser.service.EmbeddingNameSimilarity;
import dev.overtone.proto.v1.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Measures the Variants families on the development sets (not a unit test; opt-in):
 * <pre>
 * ./mvnw -B -o -q -pl proto,parser-svc verify -Dtest=VariantsCoverageHarness -Dovertone.coverage=true -Dsurefire.failIfNoSpecifiedTests=false
 * python3 ../shared/tools/ambrosia_eval.py ../shared/data/ambrosia-star/dev.gemma.jsonl --pred parser-svc/target/coverage/ambrosia.preds.jsonl
 * python3 ../shared/tools/db_eval.py ../shared/data/ambiqt-dev/ambiqt_dev.jsonl --pred parser-svc/target/coverage/ambiqt.preds.jsonl
 * </pre>
 * For each example it builds the database, describes its schema, takes the recorded default SQLs,
 * adds the variants of each and writes {@code {"id", "sqls"}} lines; it also counts the distinct
 * non-empty results per question before and after, and times Analyze + Variants per call.
 */
@EnabledIfSystemProperty(named = "overtone.coverage", matches = "true")
class VariantsCoverageHarness {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final SqlAnalyzer analyzer = new SqlAnalyzer();
    private final VariantGenerator generator = new VariantGenerator(
            Boolean.getBoolean("overtone.coverage.lexical-only") ? null : new EmbeddingNameSimilarity(100_000));
    private final int max = Integer.getInteger("overtone.coverage.max", VariantGenerator.DEFAULT_MAX);
    private final List<Long> nanos = new ArrayList<>();
    private final List<Long> warmNanos = new ArrayList<>();
    private final List<Runnable> replay = new ArrayList<>();

    private static Path data() {
        String p = System.getProperty("overtone.coverage.data");
        return p != null ? Path.of(p) : Path.of("").toAbsolutePath().getParent().getParent().resolve("shared/data");
    }

    @Test
    void ambrosiaAndAmbiqt() throws Exception {
        Path out = Path.of("target/coverage");
        Files.createDirectories(out);
        Map<String, int[]> distinct = new TreeMap<>();
        run(data().resolve("ambrosia-star/dev.gemma.jsonl"), out.resolve("ambrosia.preds.jsonl"), distinct, "ambrosia");
        run(data().resolve("ambiqt-dev/ambiqt_dev.jsonl"), out.resolve("ambiqt.preds.jsonl"), distinct, "ambiqt");
        StringBuilder report = new StringBuilder("set/type/ambiguous  questions  distinct-results-before  after  (per question)\n");
        distinct.forEach((k, v) -> report.append(String.format("%-28s %4d  %.2f  %.2f%n", k, v[0], v[1] / (double) v[0], v[2] / (double) v[0])));
        for (int pass = 0; pass < 2; pass++) {
            if (pass == 1) warmNanos.clear();
            replay.forEach(Runnable::run);
        }
        report.append(percentiles("first pass (embeds each unseen word/name once; model load excluded)", nanos));
        report.append(percentiles("warm pass (same calls again, embedding cache warm)", warmNanos));
        Files.writeString(out.resolve("distinct.txt"), report);
        System.out.println(report);
    }

    private static String percentiles(String what, List<Long> values) {
        long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
        if (sorted.length == 0) return "";
        return String.format("Analyze+Variants per call, %s, %d calls: p50 %.2f ms  p99 %.2f ms%n", what, sorted.length,
                sorted[sorted.length / 2] / 1e6, sorted[(int) (sorted.length * 0.99)] / 1e6);
    }

    private void run(Path file, Path predsFile, Map<String, int[]> distinct, String set) throws Exception {
        List<String> lines = Files.readAllLines(file);
        boolean timed = set.equals("ambrosia");
        try (BufferedWriter w = Files.newBufferedWriter(predsFile)) {
            for (String line : lines) {
                JsonNode ex = JSON.readTree(line);
                Set<String> defaults = new LinkedHashSet<>();
                for (JsonNode d : ex.path("defaults")) {
                    if (d.has("sqls") && d.get("sqls").isArray()) d.get("sqls").forEach(s -> { if (!s.isNull()) defaults.add(s.asText()); });
                    else if (d.hasNonNull("sql")) defaults.add(d.get("sql").asText());
                }
                SqliteDatabase db = ex.has("db_dump") ? SqliteDatabase.fromDump(ex.get("db_dump").asText())
                        : SqliteDatabase.open(file.getParent().resolve(ex.get("db").asText()).toString());
                try (db) {
                    Schema schema = db.describe();
                    SchemaIndex index = SchemaIndex.of(schema);
                    String question = ex.path("question").asText();
                    List<String> sqls = new ArrayList<>(defaults);
                    for (String sql : defaults) {
                        long t0 = System.nanoTime();
                        List<Variant> vs;
                        try {
                            analyzer.analyze(sql, index);
                            vs = generator.generate(sql, index, question, max, Set.of());
                        } catch (RuntimeException e) {
                            continue;
                        }
                        if (timed) {
                            nanos.add(System.nanoTime() - t0);
                            replay.add(() -> {
                                long t1 = System.nanoTime();
                                analyzer.analyze(sql, index);
                                generator.generate(sql, index, question, max, Set.of());
                                warmNanos.add(System.nanoTime() - t1);
                            });
                        }
                        for (Variant v : vs) if (!sqls.contains(v.sql())) sqls.add(v.sql());
                    }
                    ObjectNode pred = JSON.createObjectNode();
                    pred.put("id", ex.get("id").asText());
                    pred.putArray("sqls").addAll(sqls.stream().map(JSON.getNodeFactory()::textNode).toList());
                    w.write(JSON.writeValueAsString(pred));
                    w.newLine();
                    String key = set + "/" + ex.path("ambig_type").asText() + "/" + (ex.path("is_ambiguous").asBoolean() ? "amb" : "unamb");
                    int before = (int) defaults.stream().map(db::resultKey).flatMap(java.util.Optional::stream).distinct().count();
                    int after = (int) sqls.stream().map(db::resultKey).flatMap(java.util.Optional::stream).distinct().count();
                    int[] acc = distinct.computeIfAbsent(key, k -> new int[3]);
                    acc[0]++;
                    acc[1] += before;
                    acc[2] += after;
                }
            }
        }
        if (timed && nanos.size() > 1) nanos.remove(0); // the first call loads the embedding model
    }
}

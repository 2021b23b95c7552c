package dev.overtone.parser.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overtone.parser.analysis.NameSimilarity;
import dev.overtone.parser.analysis.SchemaIndex;
import dev.overtone.parser.analysis.SqlAnalyzer;
import dev.overtone.parser.variants.VariantGenerator;
import dev.overtone.parser.service.EmbeddingNameSimilarity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Per-call latency of Analyze and Analyze + Variants on the Ambrosia* dev SQLs (opt-in, not a unit test):
 * <pre>
 * ./mvnw -B -o -q -pl proto,parser-svc verify -Dtest=AnalyzeVariantsBench -Dovertone.bench=true -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * One warm-up pass (loads the embedding model and fills its cache), then timed passes.
 */
@EnabledIfSystemProperty(named = "overtone.bench", matches = "true")
class AnalyzeVariantsBench {

    private record Call(String sql, SchemaIndex schema, String question) {
    }

    @Test
    void latency() throws Exception {
        Path data = Path.of("").toAbsolutePath().getParent().getParent().resolve("shared/data/ambrosia-star/dev.gemma.jsonl");
        ObjectMapper json = new ObjectMapper();
        List<Call> calls = new ArrayList<>();
        SqlAnalyzer analyzer = new SqlAnalyzer();
        for (String line : Files.readAllLines(data)) {
            JsonNode ex = json.readTree(line);
            SchemaIndex schema;
            try (SqliteDatabase db = SqliteDatabase.fromDump(ex.get("db_dump").asText())) {
                schema = SchemaIndex.of(db.describe());
            }
            for (JsonNode d : ex.path("defaults")) {
                if (!d.hasNonNull("sql")) continue;
                try {
                    analyzer.analyze(d.get("sql").asText(), schema);
                    calls.add(new Call(d.get("sql").asText(), schema, ex.get("question").asText()));
                } catch (RuntimeException e) {
                    // unparsable defaults are not part of the latency figures
                }
            }
        }
        VariantGenerator lexical = new VariantGenerator(NameSimilarity.LEXICAL_ONLY);
        VariantGenerator semantic = new VariantGenerator(new EmbeddingNameSimilarity(100_000));
        StringBuilder report = new StringBuilder();
        report.append(time("Analyze", calls, c -> analyzer.analyze(c.sql(), c.schema())));
        report.append(time("Analyze + Variants, lexical closeness only", calls, c -> {
            analyzer.analyze(c.sql(), c.schema());
            lexical.generate(c.sql(), c.schema(), c.question(), VariantGenerator.DEFAULT_MAX, Set.of());
        }));
        report.append(time("Analyze + Variants, MiniLM (cache warm after the warm-up pass)", calls, c -> {
            analyzer.analyze(c.sql(), c.schema());
            semantic.generate(c.sql(), c.schema(), c.question(), VariantGenerator.DEFAULT_MAX, Set.of());
        }));
        Files.createDirectories(Path.of("target/coverage"));
        Files.writeString(Path.of("target/coverage/latency.txt"), report);
        System.out.println(report);
    }

    private static String time(String what, List<Call> calls, Consumer<Call> work) {
        calls.forEach(work);
        List<Long> nanos = new ArrayList<>();
        for (int pass = 0; pass < 3; pass++)
            for (Call c : calls) {
                long t0 = System.nanoTime();
                work.accept(c);
                nanos.add(System.nanoTime() - t0);
            }
        long[] s = nanos.stream().mapToLong(Long::longValue).sorted().toArray();
        return String.format("%s: %d calls, p50 %.3f ms, p99 %.3f ms%n", what, s.length, s[s.length / 2] / 1e6, s[(int) (s.length * 0.99)] / 1e6);
    }
}

package dev.overtone.bench.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.overtone.bench.InterpretChoices;
import dev.overtone.bench.Ran;
import dev.overtone.bench.clarify.OneQuestionClarify;
import dev.overtone.bench.client.StandInSuite;
import dev.overtone.bench.dataset.Example;
import dev.overtone.bench.dataset.ExampleLines;
import dev.overtone.bench.dataset.ExampleOptions;
import dev.overtone.bench.dataset.PreparedDataset;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import picocli.CommandLine;

/**
 * Which databases a memory run measures (those holding an ambiguous question, in the data set's order, with all their
 * questions, and the demo tenant's first), in tenants of the run, against stand-ins over real gRPC.
 */
class MemoryRunTest {
    private static final String SHOPS = "CREATE TABLE s(name TEXT, city TEXT);\nINSERT INTO s(name, city) VALUES ('x', 'Lyon');\n";
    private static final String FLIGHTS = "CREATE TABLE f(code TEXT);\nINSERT INTO f(code) VALUES ('LH1');\n";
    private static final String CITIES = "SELECT city FROM s";

    @TempDir
    Path tmp;

    /** Flights without an ambiguous question; hotels with two and a plain one; shops with one, whose defaults read it one way. */
    private Path data() {
        return ExampleLines.write(tmp.resolve("set.jsonl"),
                ExampleLines.line("flights-1", FLIGHTS, List.of("SELECT code FROM f"), List.of(), false),
                ExampleLines.line("hotels-plain", ExampleLines.HOTELS, List.of(ExampleLines.STARS), List.of(ExampleLines.STARS), false),
                ExampleLines.rating("hotels-rating"),
                ExampleLines.line("shops-1", SHOPS, List.of(CITIES, "SELECT name FROM s"), List.of(CITIES), true),
                ExampleLines.rating("hotels-rating-2"));
    }

    private PreparedDataset dataset() throws Exception {
        return PreparedDataset.prepare(data(), e -> true, null, tmp.resolve("home"), new PrintWriter(Writer.nullWriter()));
    }

    @Test
    void eachDatabaseWithAnAmbiguousQuestionIsAGroupOfAllItsQuestionsInTheDataSetsOrder() throws Exception {
        PreparedDataset prepared = dataset();

        List<MemoryCase.Group> groups = MemoryRun.groups(prepared, null);

        assertThat(groups).hasSize(2);
        MemoryCase.Group hotels = groups.get(0);
        assertThat(hotels.ambiguous()).extracting(Example::id).containsExactly("hotels-rating", "hotels-rating-2");
        assertThat(hotels.unambiguous()).extracting(Example::id).containsExactly("hotels-plain");
        assertThat(hotels.database()).isEqualTo(prepared.catalog().databaseOf(hotels.ambiguous().get(0)).name());
        assertThat(hotels.path()).isEqualTo(prepared.catalog().databaseOf(hotels.ambiguous().get(0)).path());
        assertThat(groups.get(1).ambiguous()).extracting(Example::id).containsExactly("shops-1");
        assertThat(groups.get(1).unambiguous()).isEmpty();
    }

    /** interpreter-svc without a memory: the caller's SQL and the other reading of the rating, whatever the tenant. */
    private static InterpretResponse memoryless(InterpretRequest request) {
        List<String> sqls = new ArrayList<>(request.getDefaultsList().stream().map(CallerDefault::getSql).toList());
        Map.of(ExampleLines.STARS, ExampleLines.SCORE, DemoQuestions.STARS, DemoQuestions.SCORE).forEach((caller, other) -> {
            if (sqls.contains(caller)) {
                sqls.add(other);
            }
        });
        return StandInSuite.readings(sqls);
    }

    @Test
    void theDemoQuestionAndEachDatabaseAreMeasuredInTenantsOfTheRunAndTheRecallCostOnTheDemo() throws Exception {
        Path home = tmp.resolve("home");
        Path demo = DemoTenant.provision(home);
        ExampleOptions examples = new ExampleOptions();
        examples.data = data();
        examples.concurrency = 1;
        examples.queryTimeout = 5;
        MemoryRun run = new MemoryRun(examples, CommandLine.populateCommand(new InterpretChoices()), tmp.resolve("out"), 2, 0);

        try (StandInSuite standIn = StandInSuite.serving(StandInSuite.interpreter(MemoryRunTest::memoryless), new OneQuestionClarify())) {
            assertThat(Ran.of((summary, err) -> run.execute(standIn.suiteOptions("--overtone-home", home.toString()), summary, err)).exit())
                    .isZero();
        }

        JsonNode report = new ObjectMapper().readTree(tmp.resolve("out/report.json").toFile());
        assertThat(report.path("run").path("databases").asInt()).isEqualTo(3);
        assertThat(report.path("run").path("demo").asBoolean()).isTrue();
        assertThat(report.path("errors").isEmpty()).isTrue();
        JsonNode repeat = report.path("repeat");
        assertThat(repeat.path("questions").asInt()).isEqualTo(3);
        assertThat(repeat.path("resolved_by_dialogue").asDouble()).isEqualTo(100.0);
        // without a memory only the shops question, answered with one reading and so asked nothing, comes back first
        assertThat(repeat.path("remembered_first").asDouble()).isCloseTo(100.0 / 3, within(0.05));
        assertThat(report.path("isolation").path("identical_to_memory_off").asDouble()).isEqualTo(100.0);
        assertThat(report.path("cost").path("pairs").asInt()).isEqualTo(2);
        Properties tenants = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of(report.path("run").path("tenant_file").asText()))) {
            tenants.load(in);
        }
        assertThat(tenants.stringPropertyNames().stream().filter(k -> k.endsWith(".path")).map(tenants::getProperty))
                .as("a tenant that remembers and another per database, and one per further ambiguous question")
                .hasSize(7).contains(demo.toAbsolutePath().toString());
    }

    @Test
    void theLimitCountsTheDatabasesMeasured() throws Exception {
        assertThat(MemoryRun.groups(dataset(), 1)).singleElement()
                .satisfies(g -> assertThat(g.ambiguous()).extracting(Example::id).startsWith("hotels-rating"));
        assertThat(MemoryRun.groups(dataset(), 0)).isEmpty();
    }
}

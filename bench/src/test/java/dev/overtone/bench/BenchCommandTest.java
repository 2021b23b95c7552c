package dev.overtone.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

/** Exit statuses and the tenant registration, without a running suite. */
class BenchCommandTest {

    private static final String EXAMPLE = "{\"id\": \"x1\", \"question\": \"stars of each hotel\", "
            + "\"gold_queries\": [\"SELECT stars FROM h\", \"SELECT score FROM h\"], \"ambig_type\": \"vague\", "
            + "\"is_ambiguous\": true, \"db_dump\": \"CREATE TABLE h(name TEXT, stars INT, score REAL,);\\n"
            + "INSERT INTO h(name, stars, score) VALUES ('a', 5, 8.5);\\n\", "
            + "\"defaults\": [{\"interpretation\": \"the stars\", \"sql\": \"SELECT stars FROM h\", \"sqls\": [\"SELECT stars FROM h\"]}]}\n";

    private static int run(String... args) {
        return Ran.bench(args).exit();
    }

    @Test
    void badArgumentsExitTwo(@TempDir Path tmp) {
        assertThat(run("coverage", "--out", tmp.toString())).isEqualTo(2);
        assertThat(run("nonsense")).isEqualTo(2);
        assertThat(run("coverage", "--data", tmp.resolve("missing.jsonl").toString(), "--out", tmp.toString(),
                "--overtone-home", tmp.toString(), "--baseline-only")).isEqualTo(2);
        assertThat(run("clarify", "--data", "x", "--out", "y", "--user", "rude")).isEqualTo(2);
    }

    @Test
    void picocliSaysWhatIsWrongWithTheCommandLineOnStderrWithTheUsage() {
        Ran ran = Ran.bench("load");

        assertThat(ran.exit()).isEqualTo(BenchCommand.EXIT_USAGE);
        assertThat(ran.out()).isEmpty();
        assertThat(ran.err()).startsWith("Missing required option: '--out=<out>'").contains("Usage: overtone bench load");
    }

    @Test
    void unreachableSuiteExitsThreeAfterRegisteringTheDatabases(@TempDir Path tmp) throws Exception {
        Path data = tmp.resolve("set.jsonl");
        Files.writeString(data, EXAMPLE);
        int rc = run("coverage", "--data", data.toString(), "--out", tmp.resolve("out").toString(),
                "--overtone-home", tmp.resolve("home").toString(), "--interpreter", "127.0.0.1:1", "--no-start",
                "--launcher", Path.of("..", "bin", "overtone").toString());
        assertThat(rc).isEqualTo(3);
        Properties tenants = new Properties();
        try (FileInputStream in = new FileInputStream(tmp.resolve("home/tenants.d/bench.properties").toFile())) {
            tenants.load(in);
        }
        String db = tenants.stringPropertyNames().stream().filter(k -> k.endsWith(".engine")).findFirst().orElseThrow();
        assertThat(db).matches("bench\\.[a-z0-9][a-z0-9_-]*\\.engine");
        assertThat(tenants.getProperty(db)).isEqualTo("sqlite");
        Path file = Path.of(tenants.getProperty(db.replace(".engine", ".path")));
        assertThat(file).isAbsolute().exists().startsWith(tmp.resolve("home/bench/dbs"));
    }

    @Test
    void baselineOnlyRunsWithoutTheSuiteAndReportsRepairs(@TempDir Path tmp) throws Exception {
        Path data = tmp.resolve("set.jsonl");
        Files.writeString(data, EXAMPLE);
        Ran ran = Ran.bench("coverage", "--data", data.toString(), "--out", tmp.resolve("out").toString(),
                "--overtone-home", tmp.resolve("home").toString(), "--baseline-only");
        assertThat(ran.exit()).isZero();
        var report = new ObjectMapper().readTree(tmp.resolve("out/report.json").toFile());
        assertThat(report.path("baseline").path("ambiguous").path("single_coverage").asDouble()).isEqualTo(100.0);
        assertThat(report.path("baseline").path("ambiguous").path("full_coverage").asDouble()).isZero();
        String repair = report.path("run").path("db_repairs").get(0).asText();
        assertThat(repair).endsWith("h: removed trailing comma in CREATE TABLE");
        assertThat(ran.err()).contains("bench: repaired " + repair + System.lineSeparator()).doesNotContain("suite");
        assertThat(ran.out()).startsWith("subset ").doesNotContain("bench: repaired");
    }
}

package dev.overtone.bench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.overtone.bench.sqlite.QueryRunner;

/** Both database forms, the defaults rule, and one database per distinct dump. */
class ExampleReaderTest {

    @Test
    void readsDbFilesRelativeToTheJsonlAndDumpsOncePerDistinctDump(@TempDir Path tmp) throws Exception {
        Files.createDirectories(tmp.resolve("set/dbs"));
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp.resolve("set/dbs/a.sqlite"));
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t(x INTEGER)");
            s.execute("INSERT INTO t VALUES (7)");
        }
        String dump = "\"db_dump\": \"CREATE TABLE u(y TEXT);\\nINSERT INTO u(y) VALUES ('k');\\n\"";
        Files.writeString(tmp.resolve("set/set.jsonl"), String.join("\n",
                "{\"id\": \"f1\", \"question\": \"q\", \"gold_queries\": [\"SELECT x FROM t\"], \"db\": \"dbs/a.sqlite\", "
                        + "\"defaults\": [{\"interpretation\": null, \"sql\": \"SELECT x FROM t\"}], \"ambig_type\": \"C\", \"is_ambiguous\": true}",
                "{\"id\": \"d1\", \"question\": \"q\", \"gold_queries\": [\"SELECT y FROM u\"], " + dump + ", "
                        + "\"defaults\": [{\"interpretation\": \"i\", \"sql\": \"SELECT 1\", \"sqls\": [\"SELECT y FROM u\", \"SELECT 2\"]}, "
                        + "{\"interpretation\": \"j\", \"sql\": null, \"sqls\": []}]}",
                "{\"id\": \"d2\", \"question\": \"q2\", \"gold_queries\": [\"SELECT y FROM u\"], " + dump + ", \"extra\": 1}", ""));
        List<Example> examples = ExampleReader.read(tmp.resolve("set/set.jsonl"));
        assertThat(examples).extracting(Example::id).containsExactly("f1", "d1", "d2");
        assertThat(examples.get(0).dbFile()).isEqualTo(tmp.resolve("set/dbs/a.sqlite").toAbsolutePath());
        assertThat(examples.get(0).defaultSql()).containsExactly("SELECT x FROM t");
        // `sqls` wins over `sql`; a default without SQL adds nothing
        assertThat(examples.get(1).defaultSql()).containsExactly("SELECT y FROM u", "SELECT 2");
        assertThat(examples.get(1).type()).isEqualTo("untyped");
        assertThat(examples.get(1).ambiguous()).isFalse();

        DatabaseCatalog catalog = new DatabaseCatalog(tmp.resolve("home"));
        BenchDatabase file = catalog.databaseOf(examples.get(0));
        BenchDatabase dumped = catalog.databaseOf(examples.get(1));
        assertThat(catalog.databaseOf(examples.get(2))).isEqualTo(dumped);
        assertThat(catalog.databases()).hasSize(2);
        assertThat(file.path()).isEqualTo(tmp.resolve("set/dbs/a.sqlite").toAbsolutePath());
        assertThat(file.name()).matches("f[0-9a-f]{12}");
        assertThat(dumped.name()).matches("d[0-9a-f]{12}");
        try (Connection c = dumped.openReadOnly()) {
            assertThat(new QueryRunner(c, 5).run("SELECT y FROM u")).containsExactly(List.of("k"));
            assertThatThrownBy(() -> new QueryRunner(c, 5).run("DELETE FROM u")).isInstanceOf(QueryRunner.QueryException.class);
        }
        // a second catalog reuses the built file and its notes
        assertThat(new DatabaseCatalog(tmp.resolve("home")).databaseOf(examples.get(1))).isEqualTo(dumped);
    }

    @Test
    void rejectsExamplesWithoutADatabaseOrWithDuplicateIds(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("a.jsonl"), "{\"id\": \"x\", \"gold_queries\": [\"SELECT 1\"]}\n");
        assertThatThrownBy(() -> ExampleReader.read(tmp.resolve("a.jsonl"))).hasMessageContaining("neither db nor db_dump");
        String line = "{\"id\": \"x\", \"gold_queries\": [\"SELECT 1\"], \"db_dump\": \"CREATE TABLE t(a);\"}\n";
        Files.writeString(tmp.resolve("b.jsonl"), line + line);
        assertThatThrownBy(() -> ExampleReader.read(tmp.resolve("b.jsonl"))).hasMessageContaining("duplicate id x");
    }
}

package dev.overtone.bench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreparedDatasetTest {
    private static final String CLEAN = "CREATE TABLE t (a INTEGER);\nINSERT INTO t (a) VALUES (1);\n";
    private static final String NEEDS_REPAIR = "CREATE TABLE u (a);\nINSERT INTO u (a, b) VALUES (1, 2);\n";

    @TempDir
    Path home;

    @Test
    void theFilteredExamplesUpToTheLimitAreReadyWithEveryRepairNamedByItsDatabase() throws Exception {
        Path data = ExampleLines.write(home.resolve("dev.jsonl"),
                line("e1", true, CLEAN), line("e2", false, CLEAN), line("e3", true, NEEDS_REPAIR), line("e4", true, CLEAN));

        StringWriter err = new StringWriter();

        PreparedDataset prepared = PreparedDataset.prepare(data, Example::ambiguous, 2, home, new PrintWriter(err, true));

        assertThat(prepared.examples()).extracting(Example::id).containsExactly("e1", "e3");
        assertThat(prepared.catalog().databases()).hasSize(2);
        String repaired = prepared.catalog().databaseOf(prepared.examples().get(1)).name();
        assertThat(prepared.repairs()).singleElement().asString().startsWith(repaired + ": u: columns ['b']");
        assertThat(err.toString()).as("the databases' progress, then each repair")
                .containsSubsequence("databases [" + "#".repeat(30) + "] 2/2", "bench: repaired " + prepared.repairs().get(0));
        assertThat(prepared.tenantFile()).isEqualTo(home.resolve("tenants.d/bench.properties")).content().contains(repaired + ".path=");
    }

    @Test
    void aNegativeLimitIsRefusedBeforeAnythingIsRead() {
        assertThatThrownBy(() -> PreparedDataset.prepare(home.resolve("absent.jsonl"), e -> true, -1, home,
                new PrintWriter(Writer.nullWriter())))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--limit must be >= 0");
    }

    private static String line(String id, boolean ambiguous, String dump) {
        return ExampleLines.line(id, dump, List.of("SELECT 1"), List.of(), ambiguous);
    }
}

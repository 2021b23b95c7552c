package dev.overtone.bench.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DumpStatementsTest {

    @Test
    void aDumpIsSortedIntoCreatesInsertsAndTheRestWithoutTransactionLines() {
        DumpStatements d = DumpStatements.of("""
                PRAGMA foreign_keys=OFF;
                BEGIN TRANSACTION;
                CREATE TABLE IF NOT EXISTS "Hotels" (id INTEGER, name TEXT);
                INSERT INTO "Hotels"(id, name) VALUES (1, 'Ritz');
                INSERT INTO [Hotels] (ID, stars) VALUES (2, 5);
                CREATE INDEX i ON Hotels(name);
                DELETE FROM "sqlite_sequence";
                COMMIT;
                """);

        assertThat(d.creates()).containsOnlyKeys("Hotels");
        assertThat(d.creates().get("Hotels").body()).isEqualTo("id INTEGER, name TEXT");
        assertThat(d.inserts()).extracting(DumpStatements.Insert::table).containsExactly("Hotels", "Hotels");
        assertThat(d.others()).containsExactly("CREATE INDEX i ON Hotels(name);");
        assertThat(d.insertColumns()).as("every column the inserts name, once whatever its case")
                .containsExactly(java.util.Map.entry("hotels", List.of("id", "name", "stars")));
    }

    @Test
    void linesEndWhereverPythonsSplitlinesEndsThem() {
        assertThat(DumpStatements.splitLinesKeepEnds("a\r\nb\rc\u2028d\u000be\nf"))
                .containsExactly("a\r\n", "b\r", "c\u2028", "d\u000b", "e\n", "f");
        assertThat(DumpStatements.splitLinesKeepEnds("")).isEmpty();
    }
}

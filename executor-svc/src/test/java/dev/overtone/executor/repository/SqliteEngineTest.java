package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.support.MappedConfig;
import dev.overtone.executor.support.Runaway;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Table;
import io.grpc.Status;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

/**
 * The SQLite engine on a real file: wide cells cut and rows past the cap left out, a statement kept prepared until
 * the file's schema changes, a runaway statement stopped at its deadline without spoiling the next one, a plan run as
 * it is, and the file described.
 */
class SqliteEngineTest {

    @TempDir
    Path dir;

    private SqliteEngine engine;
    private TenantDatabase database;
    private Path file;

    @BeforeEach
    void build() throws SQLException {
        file = dir.resolve("shop.sqlite");
        write("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT)",
                "INSERT INTO items (name, note) VALUES ('pen', 'blue'), ('ink', 'black'), ('pad', printf('%.1000c', 'x')),"
                        + " ('cap', NULL), ('nib', 'fine')");
        engine = new SqliteEngine(MappedConfig.of(Map.of("overtone.executor.tenants-dir", dir.toString())));
        database = TenantDatabase.sqlite("acme", "shop", file);
    }

    @AfterEach
    void close() {
        engine.close();
    }

    @Test
    void aWideCellIsCutAndRowsPastTheCapAreLeftOut() {
        QueryResult result = run("SELECT id, note FROM items ORDER BY id DESC", limits(3, 10, 5_000));

        assertThat(result.columns()).extracting(ResultColumn::getName).containsExactly("id", "note");
        assertThat(result.rows()).hasSize(3);
        assertThat(result.rows().get(2).getCells(1).getText()).isEqualTo("xxxxxxxxxx");
        assertThat(result.truncatedBy()).containsExactlyInAnyOrder(Truncation.MAX_ROWS, Truncation.MAX_CELL_BYTES);

        QueryResult whole = run("SELECT id, note FROM items WHERE id <> 3", limits(10, 10, 5_000));
        assertThat(whole.rows()).hasSize(4);
        assertThat(whole.truncated()).isFalse();
    }

    @Test
    void aStatementSeenBeforeRunsKeptUntilTheFilesSchemaChanges() throws SQLException {
        QueryResult first = run("SELECT * FROM items", limits(10, 100, 5_000));
        assertThat(engine.keptStatements()).isEqualTo(1);
        QueryResult again = run("SELECT * FROM items", limits(10, 100, 5_000));
        assertThat(again.rows()).isEqualTo(first.rows());

        write("ALTER TABLE items ADD COLUMN price REAL");
        QueryResult changed = run("SELECT * FROM items", limits(10, 100, 5_000));

        assertThat(changed.columns()).extracting(ResultColumn::getName).containsExactly("id", "name", "note", "price");
        assertThat(engine.keptStatements()).isEqualTo(1);
    }

    @Test
    void aRunawayStatementIsStoppedAtItsDeadlineAndTheNextRunsOnAFreshConnection() {
        SandboxException stopped = catchThrowableOfType(SandboxException.class, () -> run(Runaway.SQL, limits(10, 100, 200)));

        assertThat(stopped.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(stopped).hasMessage("the statement on acme/shop ran past its time limit of 200 ms and was interrupted");
        assertThat(run("SELECT count(*) FROM items", limits(10, 100, 5_000)).rows().get(0).getCells(0).getText()).isEqualTo("5");
    }

    @Test
    void aPlanRunsAsItIsAndAWideResultIsRefused() {
        QueryResult plan = engine.execute(database, "EXPLAIN QUERY PLAN SELECT name FROM items WHERE id = 2", true,
                limits(10, 1_000, 5_000)).await().atMost(Duration.ofSeconds(10));
        assertThat(plan.rows()).isNotEmpty();
        assertThat(plan.rows().get(0).getCellsList()).anySatisfy(cell -> assertThat(cell.getText()).contains("items"));

        ExecutionLimits threeColumns = new ExecutionLimits(5_000, System.nanoTime() + TimeUnit.SECONDS.toNanos(5), 10,
                1_000_000, 3, 100, 1_048_576);
        SandboxException wide = catchThrowableOfType(SandboxException.class, () -> engine.execute(database,
                "SELECT id, name, note, id FROM items", false, threeColumns).await().atMost(Duration.ofSeconds(10)));
        assertThat(wide.code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(wide).hasMessage("the result has 4 columns; the limit is 3");
    }

    @Test
    void theFileIsDescribedWithItsColumnsKeysRowCountAndSamples() {
        List<Table> tables = engine.describe(database, 2, 100, Duration.ofSeconds(5)).await().atMost(Duration.ofSeconds(10));

        assertThat(tables).singleElement().satisfies(items -> {
            assertThat(items.getName()).isEqualTo("items");
            assertThat(items.getColumnsList()).extracting(c -> c.getName()).containsExactly("id", "name", "note");
            assertThat(items.getPrimaryKeyList()).containsExactly("id");
            assertThat(items.getRowCount()).isEqualTo(5);
            assertThat(items.getColumns(1).getSampleValuesList()).hasSize(2);
        });
    }

    private QueryResult run(String sql, ExecutionLimits limits) {
        return engine.execute(database, sql, limits).await().atMost(Duration.ofSeconds(10));
    }

    private static ExecutionLimits limits(int rows, int cellBytes, long timeoutMillis) {
        return new ExecutionLimits(timeoutMillis, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis), rows,
                1_000_000, 100, cellBytes, 1_048_576);
    }

    private void write(String... statements) throws SQLException {
        try (Connection writer = new SQLiteConfig().createConnection("jdbc:sqlite:" + file); Statement st = writer.createStatement()) {
            for (String statement : statements) {
                st.execute(statement);
            }
        }
    }
}

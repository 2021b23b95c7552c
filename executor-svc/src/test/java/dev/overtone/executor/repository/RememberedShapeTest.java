package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.CallLimits;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ResultColumn;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A repeated statement runs on the columns remembered from its last run (PostgreSQL: the wrapper prepared with
 * the statement's own description; SQLite: the wrapper kept prepared on the connection), and a schema change
 * between two runs is seen: the second run reports the new columns and cuts a column that became text, as a
 * first run would.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class RememberedShapeTest {
    private static final int CELL_CUT = 16;

    @Inject
    PostgresEngine postgres;

    @Inject
    SqliteEngine sqlite;

    @Inject
    TenantRegistry registry;

    @Test
    void aPostgresColumnThatChangesTypeOrNameBetweenTwoRunsIsCutAndNamedAsItIsNow() throws Exception {
        TenantDatabase lab = PostgresTenant.STATEFUL.in(registry);
        String sql = "SELECT * FROM shape_probe";
        try (Connection admin = TenantDatabasesResource.admin(PostgresTenant.STATEFUL.database());
                Statement st = admin.createStatement()) {
            String table = PostgresTenant.STATEFUL.schema() + ".shape_probe";
            st.execute("DROP TABLE IF EXISTS " + table);
            st.execute("CREATE TABLE " + table + " (v int)");
            st.execute("INSERT INTO " + table + " VALUES (7)");
            st.execute("GRANT SELECT ON " + table + " TO " + PostgresTenant.STATEFUL.role());
            int before = postgres.rememberedShapes();
            QueryResult first = run(postgres, lab, sql);
            assertThat(first.rows().get(0).getCells(0).getText()).isEqualTo("7");
            assertThat(postgres.rememberedShapes()).as("the shape is remembered").isGreaterThan(before);
            assertThat(run(postgres, lab, sql).rows().get(0).getCells(0).getText()).as("run again on it").isEqualTo("7");

            st.execute("ALTER TABLE " + table + " ALTER COLUMN v TYPE text USING repeat('x', 100)");
            QueryResult widened = run(postgres, lab, sql);
            assertThat(widened.rows().get(0).getCells(0).getText()).as("cut as the text it is now")
                    .isEqualTo("x".repeat(CELL_CUT));
            assertThat(widened.truncated()).isTrue();
            assertThat(names(widened)).containsExactly("v");

            st.execute("ALTER TABLE " + table + " RENAME COLUMN v TO w");
            assertThat(names(run(postgres, lab, sql))).containsExactly("w");
            st.execute("DROP TABLE " + table);
        }
    }

    /**
     * Statements kept on the connections without being described again (PostgreSQL's own check of a kept statement
     * sees their changes, ServerShapeCheck): each is run on every connection of the pool before and after each
     * change, so that the kept statements are what runs.
     */
    @Test
    void aPostgresStatementKeptWithoutItsDescriptionSeesARenameAnAddedColumnAndANewType() throws Exception {
        TenantDatabase lab = PostgresTenant.STATEFUL.in(registry);
        try (Connection admin = TenantDatabasesResource.admin(PostgresTenant.STATEFUL.database());
                Statement st = admin.createStatement()) {
            String table = PostgresTenant.STATEFUL.schema() + ".kept_probe";
            st.execute("DROP TABLE IF EXISTS " + table);
            st.execute("CREATE TABLE " + table + " (a int, b text)");
            st.execute("INSERT INTO " + table + " VALUES (1, '" + "z".repeat(100) + "')");
            st.execute("GRANT SELECT ON " + table + " TO " + PostgresTenant.STATEFUL.role());
            String bare = "SELECT * FROM kept_probe ORDER BY 1"; // every column fixed: kept as it is
            String wrapped = "SELECT b FROM kept_probe"; // a text column, no star: the wrapper is kept
            st.execute("ALTER TABLE " + table + " DROP COLUMN b");
            assertThat(onEveryConnection(lab, bare)).containsExactly(List.of("a"));

            st.execute("ALTER TABLE " + table + " RENAME COLUMN a TO x");
            assertThat(onEveryConnection(lab, bare)).containsExactly(List.of("x"));
            st.execute("ALTER TABLE " + table + " ADD COLUMN y bigint DEFAULT 5");
            assertThat(onEveryConnection(lab, bare)).containsExactly(List.of("x", "y"));
            st.execute("ALTER TABLE " + table + " ALTER COLUMN y TYPE int");
            assertThat(onEveryConnection(lab, bare)).containsExactly(List.of("x", "y"));
            assertThat(run(postgres, lab, bare).columns().get(1).getDeclaredType()).isEqualTo("INT4");

            st.execute("ALTER TABLE " + table + " ADD COLUMN b text DEFAULT '" + "z".repeat(100) + "'");
            assertThat(onEveryConnection(lab, wrapped)).containsExactly(List.of("b"));
            st.execute("ALTER TABLE " + table + " ALTER COLUMN b TYPE varchar(200)");
            assertThat(onEveryConnection(lab, wrapped)).containsExactly(List.of("b"));
            QueryResult varchar = run(postgres, lab, wrapped);
            assertThat(varchar.columns().get(0).getDeclaredType()).isEqualTo("VARCHAR");
            assertThat(varchar.rows().get(0).getCells(0).getText()).as("still cut").isEqualTo("z".repeat(CELL_CUT));
            st.execute("ALTER TABLE " + table + " ALTER COLUMN b DROP DEFAULT, ALTER COLUMN b TYPE int USING 42");
            assertThat(onEveryConnection(lab, wrapped)).containsExactly(List.of("b"));
            QueryResult number = run(postgres, lab, wrapped);
            assertThat(number.columns().get(0).getDeclaredType()).isEqualTo("INT4");
            assertThat(number.rows().get(0).getCells(0).getText()).isEqualTo("42");
            st.execute("DROP TABLE " + table);
        }
    }

    /** The column names of {@code sql} on each of several calls, as many as the pool has connections and more. */
    private java.util.Set<List<String>> onEveryConnection(TenantDatabase database, String sql) {
        java.util.Set<List<String>> seen = new java.util.HashSet<>();
        for (int call = 0; call < 12; call++) {
            seen.add(names(run(postgres, database, sql)));
        }
        return seen;
    }

    @Test
    void aSqliteStatementKeptPreparedSeesAColumnRenamedOrAddedBetweenTwoRuns() throws Exception {
        Path file = Files.createTempFile(Path.of("target"), "shape-probe", ".sqlite");
        try (Connection writer = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement st = writer.createStatement()) {
            st.execute("CREATE TABLE t (v TEXT)");
            st.execute("INSERT INTO t VALUES ('" + "y".repeat(100) + "')");
            TenantDatabase database = TenantDatabase.sqlite("shape", "probe", file);
            String sql = "SELECT * FROM t";
            assertThat(names(run(sqlite, database, sql))).containsExactly("v");
            assertThat(sqlite.keptStatements()).as("the wrapper is kept prepared").isPositive();
            QueryResult again = run(sqlite, database, sql);
            assertThat(again.rows().get(0).getCells(0).getText()).isEqualTo("y".repeat(CELL_CUT));

            st.execute("ALTER TABLE t RENAME COLUMN v TO w");
            assertThat(names(run(sqlite, database, sql))).containsExactly("w");

            st.execute("ALTER TABLE t ADD COLUMN z INTEGER DEFAULT 3");
            QueryResult wider = run(sqlite, database, sql);
            assertThat(names(wider)).containsExactly("w", "z");
            assertThat(wider.rows().get(0).getCells(0).getText()).isEqualTo("y".repeat(CELL_CUT));
            assertThat(wider.rows().get(0).getCells(1).getText()).isEqualTo("3");
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static QueryResult run(TenantEngine engine, TenantDatabase database, String sql) {
        return engine.execute(database, sql, false, CallLimits.capped(100, CELL_CUT)).await().atMost(Duration.ofSeconds(10));
    }

    private static List<String> names(QueryResult result) {
        return result.columns().stream().map(ResultColumn::getName).toList();
    }
}

package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.Row;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * No catalogue row of another tenant is visible from tenant demo by any path the engine offers, with
 * the policy bypassed (the engine is called directly, so only the engine's walls stand): every
 * relation of pg_catalog and information_schema, statistics views included, and casts of every small
 * integer to each reg* type. Tenant other's database, schema, tables, columns and data must appear
 * nowhere; its role may appear in a reg* cast (roles are shared by the server), and then only as a
 * random name.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class CatalogIsolationTest {
    private static final String READABLE = "readable";
    private static final List<String> OTHER_NAMES = List.of("other_crm", "customers", "acme", "ops@acme.test",
            "globex", PostgresTenant.OTHER.database());

    @Inject
    TenantRegistry registry;

    @Inject
    PostgresEngine postgres;

    @Test
    void noCatalogueViewShowsAnotherTenantsNames() throws Exception {
        Map<String, String> outcomes = new TreeMap<>();
        List<String> relations = catalogueRelations();
        assertThat(relations).as("the catalogue relations tried").hasSizeGreaterThan(150)
                .contains("pg_catalog.pg_class", "pg_catalog.pg_namespace", "pg_catalog.pg_attribute",
                        "pg_catalog.pg_stat_user_tables", "pg_catalog.pg_roles", "pg_catalog.pg_settings",
                        "pg_catalog.pg_stat_activity", "pg_catalog.pg_locks", "pg_catalog.pg_database");
        for (String relation : relations) {
            try {
                String leaked = leakedName(run("SELECT * FROM " + relation + " LIMIT 100000"), OTHER_NAMES);
                assertThat(leaked).as("%s shows another tenant's name", relation).isNull();
                outcomes.put(relation, READABLE);
            } catch (SandboxException refused) {
                outcomes.put(relation, refused.getMessage()); // the engine refused it: the wall held
            }
        }
        for (String needed : List.of("pg_catalog.pg_class", "pg_catalog.pg_namespace", "pg_catalog.pg_attribute",
                "information_schema.tables", "information_schema.columns", "information_schema.key_column_usage")) {
            assertThat(outcomes.get(needed)).as("Describe and the own catalogue need %s", needed).isEqualTo(READABLE);
        }
        for (String shared : List.of("pg_catalog.pg_database", "pg_catalog.pg_roles", "pg_catalog.pg_stat_activity",
                "pg_catalog.pg_settings", "pg_catalog.pg_locks", "pg_catalog.pg_stat_user_tables")) {
            assertThat(outcomes.get(shared)).as("%s is refused by the engine", shared).contains("permission denied");
        }
    }

    @Test
    void noRegCastListsAnotherTenantsNames() {
        List<String> names = new ArrayList<>(OTHER_NAMES);
        for (String type : List.of("regclass", "regnamespace", "regtype", "regproc", "regoper", "regcollation",
                "regconfig", "regdictionary", "regrole")) {
            try {
                QueryResult listed = run("SELECT i::oid::" + type + "::text FROM generate_series(1, 40000) i");
                assertThat(leakedName(listed, names)).as("%s casts show another tenant's name", type).isNull();
                if (type.equals("regrole")) {
                    assertThat(leakedName(listed, List.of("other", "demo", "crm", "hotel"))).as("role names tell of tenants")
                            .isNull();
                }
            } catch (SandboxException refused) {
                // refused by the engine: the wall held
            }
        }
    }

    private static String leakedName(QueryResult result, List<String> names) {
        for (Row row : result.rows()) {
            for (Cell cell : row.getCellsList()) {
                String text = cell.getText().toLowerCase(Locale.ROOT);
                for (String name : names) {
                    if (text.contains(name.toLowerCase(Locale.ROOT))) {
                        return name + " in '" + cell.getText() + "'";
                    }
                }
            }
        }
        return null;
    }

    private static List<String> catalogueRelations() throws Exception {
        List<String> relations = new ArrayList<>();
        try (Connection admin = TenantDatabasesResource.admin(PostgresTenant.DEMO.database());
                Statement st = admin.createStatement();
                ResultSet rs = st.executeQuery("SELECT n.nspname || '.' || c.relname FROM pg_class c"
                        + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                        + " WHERE n.nspname IN ('pg_catalog', 'information_schema') AND c.relkind IN ('r', 'v', 'm')"
                        + " ORDER BY 1")) {
            while (rs.next()) {
                relations.add(rs.getString(1));
            }
        }
        return relations;
    }

    private QueryResult run(String sql) {
        TenantDatabase demo = registry.lookup("demo", "hotels-pg");
        return postgres.execute(demo, sql, false, limits()).await().atMost(Duration.ofSeconds(20));
    }

    private static ExecutionLimits limits() {
        return new ExecutionLimits(10_000, System.nanoTime() + 10_000_000_000L, 100_000, 64_000_000, 1000, 65_536,
                1_048_576);
    }
}

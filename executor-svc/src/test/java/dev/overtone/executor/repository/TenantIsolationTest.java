package dev.overtone.executor.repository;

import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.TenantDatabase;
import dev.overtone.executor.service.TenantRegistry;
import dev.overtone.executor.support.CallLimits;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tenant "demo" never reads tenant "other": through the service (the policy refuses other names),
 * and, with the policy bypassed by calling the engines directly, through the walls below it
 * (PostgreSQL role grants and the pinned search_path; SQLite's read-only open without ATTACH).
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class TenantIsolationTest {

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @Inject
    TenantRegistry registry;

    @Inject
    PostgresEngine postgres;

    @Inject
    SqliteEngine sqlite;

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT * FROM customers",
        "SELECT * FROM other_crm.customers",
        "SELECT * FROM \"other_crm\".customers",
        "SELECT email FROM overtone_tenants.other_crm.customers",
        "SELECT * FROM hotels WHERE EXISTS (SELECT 1 FROM other_crm.customers)",
        "SELECT * FROM public.customers",
        "SELECT set_config('search_path', 'other_crm', true)",
        "SELECT * FROM customers, (SELECT set_config('search_path', 'other_crm', true)) s",
        "SELECT * FROM pg_catalog.pg_tables WHERE schemaname = 'other_crm'",
        "SELECT table_to_xml('other_crm.customers', true, false, '')",
        "SELECT query_to_xml('SELECT * FROM other_crm.customers', true, false, '')"})
    void demoCannotReadOtherOnPostgresThroughTheService(String sql) {
        assertRefused(() -> executor.execute(execute("demo", "hotels-pg", sql)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT * FROM customers",
        "SELECT * FROM other.customers",
        "SELECT * FROM crm.customers",
        "ATTACH DATABASE 'target/tenants/other/crm.sqlite' AS other",
        "SELECT 1; ATTACH DATABASE 'target/tenants/other/crm.sqlite' AS other",
        "SELECT * FROM 'target/tenants/other/crm.sqlite'",
        "SELECT readfile('target/tenants/other/crm.sqlite')",
        "SELECT * FROM pragma_database_list"})
    void demoCannotReadOtherOnSqliteThroughTheService(String sql) {
        assertRefused(() -> executor.execute(execute("demo", "hotels", sql)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"crm", "crm-pg"})
    void otherCannotReadDemo(String database) {
        assertRefused(() -> executor.execute(execute("other", database, "SELECT * FROM hotels")));
        assertRefused(() -> executor.execute(execute("other", database, "SELECT * FROM demo_hotels.hotels")));
        assertThat(executor.execute(execute("other", database, "SELECT count(*) FROM customers")).getRows(0)
                .getCells(0).getText()).isEqualTo("5");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT * FROM other_crm.customers",
        "SELECT * FROM customers",
        "SELECT * FROM public.anything",
        "SELECT email FROM other_crm.customers WHERE id = 1"})
    void withThePolicyBypassedPostgresStillKeepsDemoOutOfOther(String sql) {
        assertThat(onPostgresBypassingThePolicy(sql)).isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.code())
                .isIn(Status.Code.PERMISSION_DENIED, Status.Code.INVALID_ARGUMENT));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "DELETE FROM hotels",
        "UPDATE hotels SET stars = 0",
        "INSERT INTO hotels (id, name, city, stars) VALUES (77, 'x', 'y', 1)",
        "CREATE TABLE evil (x int)",
        "SELECT nextval('x')",
        "SELECT pg_advisory_lock(1)",
        "SELECT 1; DELETE FROM hotels"})
    void withThePolicyBypassedPostgresStillWritesNothing(String sql) {
        assertThat(onPostgresBypassingThePolicy(sql)).isInstanceOf(SandboxException.class);
        assertThat(postgres.execute(registry.lookup("demo", "hotels-pg"), "SELECT count(*) FROM hotels", CallLimits.ordinary()).await()
                .atMost(Duration.ofSeconds(10)).rows().get(0).getCells(0).getText()).isEqualTo("8");
    }

    /** What demo's PostgreSQL database threw for {@code sql} run with the policy bypassed (null: it ran). */
    private Throwable onPostgresBypassingThePolicy(String sql) {
        TenantDatabase demo = registry.lookup("demo", "hotels-pg");
        return catchThrowable(() -> postgres.execute(demo, sql, true, CallLimits.ordinary()).await().atMost(Duration.ofSeconds(10)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "DELETE FROM hotels",
        "UPDATE hotels SET stars = 0",
        "CREATE TABLE evil (x int)",
        "ATTACH DATABASE 'target/tenants/other/crm.sqlite' AS other",
        "PRAGMA query_only = OFF",
        "SELECT load_extension('/tmp/evil.so')",
        "SELECT * FROM customers",
        "VACUUM INTO 'target/tenants/stolen.sqlite'"})
    void withThePolicyBypassedSqliteStillReadsOnlyItsOwnFile(String sql) {
        TenantDatabase demo = registry.lookup("demo", "hotels");
        try {
            sqlite.executeBlocking(demo, sql, true, CallLimits.ordinary());
        } catch (SandboxException e) {
            assertThat(e.code()).isIn(Status.Code.PERMISSION_DENIED, Status.Code.INVALID_ARGUMENT);
        }
        // whatever happened, the connection is still read-only and has no second database
        assertThatThrownBy(() -> sqlite.executeBlocking(demo, "DELETE FROM hotels", true, CallLimits.ordinary()))
                .isInstanceOf(SandboxException.class);
        assertThatThrownBy(() -> sqlite.executeBlocking(demo, "SELECT * FROM other.customers", false, CallLimits.ordinary()))
                .isInstanceOf(SandboxException.class);
        assertThat(TenantDatabasesResource.TENANTS.resolve("stolen.sqlite")).doesNotExist();
        assertThat(sqlite.executeBlocking(demo, "SELECT count(*) FROM hotels", false, CallLimits.ordinary()).rows().get(0).getCells(0)
                .getText()).isEqualTo("8");
    }

    private static void assertRefused(Runnable call) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(
                e.getStatus().getCode()).as(e.getStatus().toString())
                .isIn(Status.Code.PERMISSION_DENIED, Status.Code.INVALID_ARGUMENT));
    }
}

package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.executor.support.OnEachEngine;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Schema;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** Describe over gRPC: each tenant's own tables, the cache and its version, tenants added at runtime. */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class DescribeTest {

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @OnEachEngine
    void describeListsTheTenantsTablesWithKeysCountsAndSamples(String database) {
        Schema schema = describe(database, true).getSchema();

        assertThat(schema.getDialect()).isEqualTo(database.endsWith("-pg") ? "postgresql" : "sqlite");
        assertThat(schema.getTablesList()).extracting(Table::getName)
                .containsExactly("amenities", "bookings", "hotel_amenities", "hotels", "reviews", "rooms");
        Table hotels = table(schema, "hotels");
        assertThat(hotels.getSchemaName()).isEqualTo(database.endsWith("-pg") ? "demo_hotels" : "main");
        assertThat(hotels.getRowCount()).isEqualTo(8);
        assertThat(hotels.getPrimaryKeyList()).containsExactly("id");
        assertThat(hotels.getColumnsList()).extracting(Column::getName)
                .containsExactly("id", "name", "city", "stars", "opened");
        Column stars = hotels.getColumns(3);
        assertThat(stars.getValueType()).isEqualTo(ValueType.VALUE_TYPE_INTEGER);
        assertThat(stars.getNullable()).isFalse();
        assertThat(hotels.getColumns(4).getNullable()).isTrue();
        assertThat(hotels.getColumns(4).getValueType()).isEqualTo(ValueType.VALUE_TYPE_DATE);
        assertThat(hotels.getColumns(0).getPrimaryKey()).isTrue();
        // Lisbon and Porto have two hotels each: most frequent first
        assertThat(hotels.getColumns(2).getSampleValuesList()).hasSize(5).startsWith("Lisbon", "Porto");
        Table reviews = table(schema, "reviews");
        assertThat(reviews.getForeignKeysList()).singleElement().satisfies(fk -> {
            assertThat(fk.getColumnsList()).containsExactly("hotel_id");
            assertThat(fk.getReferencedTable()).isEqualTo("hotels");
            assertThat(fk.getReferencedColumnsList()).containsExactly("id");
        });
        assertThat(table(schema, "hotel_amenities").getPrimaryKeyList()).containsExactly("hotel_id", "amenity_id");
        assertThat(reviews.getColumns(3).getValueType()).isEqualTo(ValueType.VALUE_TYPE_REAL);
    }

    @Test
    void describeIsCachedUntilRefreshedAndItsVersionIsStable() {
        DescribeResponse fresh = describe("hotels", true);
        DescribeResponse cached = describe("hotels", false);
        assertThat(fresh.getCached()).isFalse();
        assertThat(cached.getCached()).isTrue();
        assertThat(cached.getSchema().getVersion()).isEqualTo(fresh.getSchema().getVersion()).isNotEmpty();
        assertThat(describe("hotels", true).getCached()).isFalse();
        assertThat(describe("crm", false).getSchema().getVersion()).isNotEqualTo(fresh.getSchema().getVersion());
    }

    @Test
    void describeOfTheOtherTenantListsOnlyItsOwnTables() {
        Schema crm = executor.describe(DescribeRequest.newBuilder().setTenant("other").setDatabase("crm-pg").build())
                .getSchema();
        assertThat(crm.getTablesList()).extracting(Table::getName).containsExactly("customers");
    }

    @Test
    void aTenantFileDroppedAtRuntimeIsPickedUpOnTheNextLookup() throws Exception {
        Files.writeString(TenantDatabasesResource.TENANTS_DIR.resolve("late.properties"),
                "late.books.engine=sqlite\nlate.books.path="
                        + TenantDatabasesResource.TENANTS.resolve("other/crm.sqlite") + "\n");
        long deadline = System.nanoTime() + 3_000_000_000L;
        ExecuteResponse response = null;
        while (response == null) {
            try {
                response = executor.execute(execute("late", "books", "SELECT count(*) FROM customers"));
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.NOT_FOUND || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
        assertThat(response.getRows(0).getCells(0).getText()).isEqualTo("5");
    }

    private DescribeResponse describe(String database, boolean refresh) {
        return executor.describe(DescribeRequest.newBuilder().setTenant(database.startsWith("crm") ? "other" : "demo")
                .setDatabase(database).setRefresh(refresh).build());
    }

    private static Table table(Schema schema, String name) {
        return schema.getTablesList().stream().filter(t -> t.getName().equals(name)).findFirst().orElseThrow();
    }
}

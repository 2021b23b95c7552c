package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.overtone.executor.service.ExecutionLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.Column;
import dev.overtone.proto.v1.ForeignKey;
import dev.overtone.proto.v1.Table;
import dev.overtone.proto.v1.ValueType;
import io.grpc.Status;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The demo tenant's PostgreSQL schema described as its reader role sees it: its tables in name order with their
 * columns, types, nullability, primary and foreign keys, row counts and most frequent values; and a description that
 * has run out of time stops before its next query.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class PostgresIntrospectionTest {
    @Inject
    Vertx vertx;

    @Test
    void theSchemasTablesAreDescribedWithTheirColumnsKeysCountsAndMostFrequentValues() {
        List<Table> tables = describe(2, limits(10_000));

        assertThat(tables).extracting(Table::getName)
                .containsExactly("amenities", "bookings", "hotel_amenities", "hotels", "reviews", "rooms");
        Table hotels = tables.get(3);
        assertThat(hotels.getSchemaName()).isEqualTo(PostgresTenant.DEMO.schema());
        assertThat(hotels.getView()).isFalse();
        assertThat(hotels.getColumnsList()).extracting(Column::getName).containsExactly("id", "name", "city", "stars", "opened");
        assertThat(hotels.getPrimaryKeyList()).containsExactly("id");
        assertThat(hotels.getColumns(0).getPrimaryKey()).isTrue();
        assertThat(hotels.getColumns(0).getNullable()).isFalse();
        assertThat(hotels.getColumns(4).getNullable()).as("opened may be NULL").isTrue();
        assertThat(hotels.getColumns(3).getValueType()).isEqualTo(ValueType.VALUE_TYPE_INTEGER);
        assertThat(hotels.getColumns(2).getSampleValuesList()).as("the two most frequent cities").containsExactly("Lisbon", "Porto");
        if (!hotels.getRowCountEstimated()) {
            assertThat(hotels.getRowCount()).as("counted, the table having no estimate yet").isEqualTo(8);
        }

        Table links = tables.get(2);
        assertThat(links.getPrimaryKeyList()).containsExactly("hotel_id", "amenity_id");
        assertThat(links.getForeignKeysList()).extracting(ForeignKey::getReferencedTable).containsExactlyInAnyOrder("hotels", "amenities");
        assertThat(tables.get(4).getForeignKeysList()).singleElement().satisfies(fk -> {
            assertThat(fk.getColumnsList()).containsExactly("hotel_id");
            assertThat(fk.getReferencedTable()).isEqualTo("hotels");
            assertThat(fk.getReferencedColumnsList()).containsExactly("id");
        });
    }

    @Test
    void withoutSamplesNoValueIsRead() {
        assertThat(describe(0, limits(10_000))).allSatisfy(table ->
                assertThat(table.getColumnsList()).allSatisfy(column -> assertThat(column.getSampleValuesList()).isEmpty()));
    }

    @Test
    void aDescriptionPastItsDeadlineStopsBeforeItsNextQuery() {
        ExecutionLimits passed = new ExecutionLimits(50, System.nanoTime() - 1, 1, 1, 1, 1, 1);

        SandboxException stopped = catchThrowableOfType(SandboxException.class, () -> describe(1, passed));

        assertThat(stopped.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(stopped).hasMessage("introspection ran past its time limit of 50 ms");
    }

    private List<Table> describe(int samples, ExecutionLimits limits) {
        return DemoReaderConnection.with(vertx, connection -> PostgresIntrospection.introspect(connection,
                PostgresTenant.DEMO.schema(), samples, 1_000, limits).await().atMost(Duration.ofSeconds(30)));
    }

    private static ExecutionLimits limits(long millis) {
        return ExecutionLimits.introspection(millis, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis));
    }
}

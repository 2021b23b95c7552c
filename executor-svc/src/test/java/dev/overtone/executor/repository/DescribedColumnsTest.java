package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.PreparedStatement;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.sqlclient.desc.ColumnDescriptor;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The engine learns a statement's columns from the server's description of the prepared statement (no LIMIT 0
 * run): this client version must show them, with the names and type names a result would carry.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class DescribedColumnsTest {
    @Inject
    Vertx vertx;

    @Test
    void aPreparedStatementShowsItsColumnsAsItsResultWould() {
        assertThat(DescribedColumns.READABLE).as("vertx-sql-client's prepared statement description is readable")
                .isTrue();
        Pool pool = PostgresTenant.DEMO.readerPool(vertx, 1);
        try {
            SqlConnection connection = pool.getConnectionAndAwait();
            try {
                String sql = "SELECT name, stars, stars * 1.5 AS weighted, NULL AS nothing FROM hotels";
                PreparedStatement prepared = connection.prepareAndAwait(sql);
                List<ColumnDescriptor> described = DescribedColumns.of(prepared.getDelegate());
                List<io.vertx.mutiny.sqlclient.desc.ColumnDescriptor> ran = connection.preparedQuery(sql)
                        .executeAndAwait().columnDescriptors();
                assertThat(described).extracting(ColumnDescriptor::name)
                        .containsExactly("name", "stars", "weighted", "nothing");
                assertThat(described).extracting(ColumnDescriptor::typeName)
                        .containsExactlyElementsOf(ran.stream().map(c -> c.typeName()).toList());
                prepared.closeAndAwait();
                assertThat(DescribedColumns.of(connection.prepareAndAwait("SELECT FROM hotels").getDelegate()))
                        .isEmpty();
            } finally {
                connection.closeAndAwait();
            }
        } finally {
            pool.closeAndAwait();
        }
    }
}

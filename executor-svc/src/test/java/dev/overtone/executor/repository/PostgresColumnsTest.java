package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import io.vertx.pgclient.PgException;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A statement's result columns as the demo tenant's PostgreSQL describes them, without running it: names and type
 * names in the statement's order, on the Mutiny and the plain Vert.x connection alike.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class PostgresColumnsTest {
    private static final String SQL = "SELECT stars, name, stars * 1.5 AS weighted, NULL::date AS opened FROM hotels";

    @Inject
    Vertx vertx;

    private ColumnShapes.Shape shape(String sql) {
        return DemoReaderConnection.with(vertx, connection -> PostgresColumns.of(connection, sql).await()
                .atMost(Duration.ofSeconds(30)));
    }

    @Test
    void theColumnsComeInTheStatementsOrderWithTheirTypeNames() {
        ColumnShapes.Shape shape = shape(SQL);

        assertThat(shape.names()).containsExactly("stars", "name", "weighted", "opened");
        assertThat(shape.types()).containsExactly("INT4", "TEXT", "NUMERIC", "DATE");
    }

    @Test
    void thePlainConnectionGivesTheSameDescription() throws Exception {
        ColumnShapes.Shape plain = DemoReaderConnection.with(vertx, connection -> {
            try {
                return PostgresColumns.described(connection.getDelegate(), SQL).toCompletionStage().toCompletableFuture()
                        .get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(plain).isEqualTo(shape(SQL));
    }

    @Test
    void aStatementWithoutColumnsHasNoneAndOneThatDoesNotAnalyseFailsWithTheServersError() {
        assertThat(shape("SELECT FROM hotels")).isEqualTo(new ColumnShapes.Shape(List.of(), List.of()));
        assertThatThrownBy(() -> shape("SELECT nothing FROM no_such_table")).isInstanceOf(PgException.class)
                .satisfies(e -> assertThat(((PgException) e).getSqlState()).isEqualTo("42P01"));
    }
}

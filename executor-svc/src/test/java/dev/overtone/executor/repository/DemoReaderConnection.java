package dev.overtone.executor.repository;

import dev.overtone.executor.support.PostgresTenant;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import java.util.function.Function;

/** One connection of the demo tenant's reader role, in a transaction (a cursor lives in one), rolled back after the work. */
final class DemoReaderConnection {
    private DemoReaderConnection() {
    }

    static <T> T with(Vertx vertx, Function<SqlConnection, T> work) {
        Pool pool = PostgresTenant.DEMO.readerPool(vertx, 1);
        try {
            SqlConnection connection = pool.getConnectionAndAwait();
            try {
                var transaction = connection.beginAndAwait();
                try {
                    return work.apply(connection);
                } finally {
                    transaction.rollbackAndAwait();
                }
            } finally {
                connection.closeAndAwait();
            }
        } finally {
            pool.closeAndAwait();
        }
    }
}

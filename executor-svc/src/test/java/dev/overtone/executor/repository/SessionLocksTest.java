package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.overtone.executor.support.PostgresTenant;
import dev.overtone.executor.support.TenantDatabasesResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgBuilder;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.pgclient.PgConnectOptions;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Whether a pool's role can take a session advisory lock, asked of the walls on a real PostgreSQL: a walled role is
 * refused, a role granted a lock function is not, and a check that fails counts as a role that may.
 */
@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class SessionLocksTest {
    @Inject
    Vertx vertx;

    private static SessionLocks.Answer answerOf(Pool pool) {
        try {
            SessionLocks locks = new SessionLocks();
            assertThat(locks.answer()).isEqualTo(SessionLocks.Answer.NOT_YET);
            assertThat(locks.refused()).isFalse();
            locks.check(pool.getDelegate());
            await().atMost(Duration.ofSeconds(30)).until(() -> locks.answer() != SessionLocks.Answer.NOT_YET);
            assertThat(locks.refused()).isEqualTo(locks.answer() == SessionLocks.Answer.REFUSED);
            return locks.answer();
        } finally {
            pool.closeAndAwait();
        }
    }

    @Test
    void aWalledRoleIsRefusedEveryLock() {
        assertThat(answerOf(PostgresTenant.DEMO.readerPool(vertx, 1))).isEqualTo(SessionLocks.Answer.REFUSED);
    }

    @Test
    void aRoleGrantedALockFunctionMayTakeOne() {
        assertThat(answerOf(PostgresTenant.STATEFUL.readerPool(vertx, 1))).isEqualTo(SessionLocks.Answer.POSSIBLE);
    }

    @Test
    void aDatabaseWithoutTheWallsFunctionCountsAsOneWhereLocksArePossible() {
        Pool unwalled = PgBuilder.pool().connectingTo(new PgConnectOptions().setHost(TenantDatabasesResource.postgresHost())
                .setPort(TenantDatabasesResource.postgresPort()).setDatabase("postgres")
                .setUser(TenantDatabasesResource.adminUser()).setPassword(TenantDatabasesResource.adminPassword()))
                .using(vertx).build();
        assertThat(answerOf(unwalled)).isEqualTo(SessionLocks.Answer.POSSIBLE);
    }
}

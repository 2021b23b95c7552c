package dev.overtone.executor.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.runtime.testing.ConfigStub;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which calls' set-ups carry their own statement_timeout (the connections start at pool.statement-timeout). */
class SessionSetUpTest {
    private final SessionSetUp setUp = new SessionSetUp(maxTimeout(Duration.ofSeconds(60)),
            pool(Duration.ofSeconds(10), Duration.ofSeconds(5)));

    @Test
    void theConnectionsStartWithTheirOwnLimitAndTheLargestLimitPlusTheSlackWhenIdleInATransaction() {
        assertThat(setUp.connectionDefaults()).containsEntry("statement_timeout", "10000")
                .containsEntry("idle_in_transaction_session_timeout", "65000");
    }

    @Test
    void aCallAtTheConnectionsLimitOpensItsTransactionAlone() {
        assertThat(setUp.opening(10_000)).isEqualTo("BEGIN READ ONLY");
        assertThat(setUp.opening(9_901)).as("shorter by less than the engine's stop grace").isEqualTo("BEGIN READ ONLY");
    }

    @Test
    void aShorterOrLongerLimitIsTheCallsOwn() {
        assertThat(setUp.opening(9_900)).isEqualTo("BEGIN READ ONLY; SET LOCAL statement_timeout = 9900");
        assertThat(setUp.opening(300)).isEqualTo("BEGIN READ ONLY; SET LOCAL statement_timeout = 300");
        assertThat(setUp.opening(10_001)).isEqualTo("BEGIN READ ONLY; SET LOCAL statement_timeout = 10001");
        assertThat(setUp.opening(0)).isEqualTo("BEGIN READ ONLY; SET LOCAL statement_timeout = 1");
    }

    private static ExecutorConfig.Limits maxTimeout(Duration maxTimeout) {
        return ConfigStub.of(ExecutorConfig.Limits.class, Map.of("maxTimeout", maxTimeout));
    }

    private static ExecutorConfig.PgPool pool(Duration statementTimeout, Duration slack) {
        return ConfigStub.of(ExecutorConfig.PgPool.class, Map.of("statementTimeout", statementTimeout, "idleInTransactionSlack", slack));
    }
}

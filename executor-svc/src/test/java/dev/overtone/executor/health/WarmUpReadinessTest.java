package dev.overtone.executor.health;

import dev.overtone.runtime.testing.ConfigProfile;
import dev.overtone.runtime.testing.Readiness;
import dev.overtone.runtime.testing.ScrapedMetrics;
import dev.overtone.runtime.testing.WarmUpSettings;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;


import static dev.overtone.runtime.testing.ScrapedMetrics.label;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * With warm-up on (as in production): readiness is 503 until the real warm-up has run, 200 after, and the warm-up's
 * statements went through the service's own gRPC server and its engines: every round on the scratch SQLite database,
 * and one statement on the first PostgreSQL tenant database.
 */
@QuarkusTest
@TestProfile(WarmUpReadinessTest.WarmUpOn.class)
class WarmUpReadinessTest {

    public static class WarmUpOn extends ConfigProfile {
        public WarmUpOn() {
            super(WarmUpSettings.everyRound("overtone.executor", 2), GatedWarmUpExample.class);
        }
    }

    @Test
    void notReadyUntilWarmedUpThenReady() throws InterruptedException {
        Readiness.assertReadyOnlyAfterWarmUp("executor-svc", GatedWarmUpExample.GATE::open);

        assertThat(ScrapedMetrics.servedOk("ExecuteBatch")).isEqualTo(2.0);
        assertThat(statements("overtone-warm-up", "scratch")).as("2 rounds of 8 batched statements and 1 Execute")
                .isEqualTo(18.0);
        assertThat(statements("demo", "hotels-pg")).as("the PostgreSQL step, on the first PostgreSQL database")
                .isEqualTo(1.0);
    }

    private static double statements(String tenant, String database) {
        return ScrapedMetrics.sum("overtone_executor_statements_total", label("database", database), label("tenant", tenant));
    }
}

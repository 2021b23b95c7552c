package dev.overtone.parser.health;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import dev.overtone.runtime.testing.ConfigProfile;
import dev.overtone.runtime.testing.Readiness;
import dev.overtone.runtime.testing.ScrapedMetrics;
import dev.overtone.runtime.testing.WarmUpSettings;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With warm-up on (as in production): readiness is 503 until the real warm-up has run, 200 after, and
 * the warm-up's calls went through the service's own gRPC server as a client's would.
 */
@QuarkusTest
@TestProfile(WarmUpReadinessTest.WarmUpOn.class)
class WarmUpReadinessTest {

    public static class WarmUpOn extends ConfigProfile {
        public WarmUpOn() {
            super(WarmUpSettings.everyRound("overtone.parser", 2), GatedWarmUpExample.class);
        }
    }

    @Test
    void notReadyUntilWarmedUpThenReady() throws InterruptedException {
        Readiness.assertReadyOnlyAfterWarmUp("parser-svc", GatedWarmUpExample.GATE::open);

        assertThat(ScrapedMetrics.servedOk("VariantsBatch")).as("the example's VariantsBatch, then 2 rounds of interpreter-svc's shape")
                .isEqualTo(3.0);
        for (String rpc : List.of("Analyze", "AnalyzeBatch", "Verbalize")) {
            assertThat(ScrapedMetrics.servedOk(rpc)).as("the warm-up's %s went through the gRPC server", rpc).isEqualTo(1.0);
        }
    }
}

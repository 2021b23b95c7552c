package dev.overtone.infill.health;

import dev.overtone.infill.grpc.FakeParser;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import dev.overtone.runtime.testing.ConfigProfile;
import dev.overtone.runtime.testing.Readiness;
import dev.overtone.runtime.testing.ScrapedMetrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With warm-up on (as in production): readiness waits for one Infill of the built-in example, sent
 * through this service's own gRPC server, which calls parser-svc (here the recorded fake, in-process).
 */
@QuarkusTest
@TestProfile(WarmUpReadinessTest.WarmUpOn.class)
class WarmUpReadinessTest {

    public static class WarmUpOn extends ConfigProfile {
        public WarmUpOn() {
            super(Map.of("overtone.infill.warm-up.enabled", "true"));
        }
    }

    @AfterEach
    void everyParserCallAnsweredFromARecording() {
        FakeParser.assertEveryCallRecorded();
    }

    @Test
    void readyOnceTheExampleWentThroughTheGrpcServerAndParserSvc() throws InterruptedException {
        Readiness.assertReadyAndWarm("infill-svc");

        assertThat(ScrapedMetrics.servedOk("Infill")).as("the warm-up's Infill went through the gRPC server").isEqualTo(1.0);
        assertThat(ScrapedMetrics.calledOk("AnalyzeBatch")).as("and reached parser-svc with its batch calls").isEqualTo(1.0);
        assertThat(ScrapedMetrics.calledOk("VariantsBatch")).as("and reached parser-svc with its batch calls").isEqualTo(1.0);
    }
}

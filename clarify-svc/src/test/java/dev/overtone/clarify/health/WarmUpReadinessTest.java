package dev.overtone.clarify.health;

import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.runtime.testing.ConfigProfile;
import dev.overtone.runtime.testing.Readiness;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With warm-up on (as in production): readiness is 503 until the embedding model has matched once, 200 after. */
@QuarkusTest
@TestProfile(WarmUpReadinessTest.WarmUpOn.class)
@QuarkusTestResource(EmbeddedPostgresResource.class)
class WarmUpReadinessTest {

    public static class WarmUpOn extends ConfigProfile {
        public WarmUpOn() {
            super(Map.of("overtone.clarify.warm-up.enabled", "true"), GatedEmbeddingMatcher.class);
        }
    }

    @Test
    void notReadyUntilWarmedUpThenReady() throws InterruptedException {
        Readiness.assertReadyOnlyAfterWarmUp("clarify-svc", GatedEmbeddingMatcher.GATE::countDown);
    }
}

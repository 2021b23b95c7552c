package dev.overtone.clarify.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.clarify.support.EmbeddedPostgresResource;
import dev.overtone.runtime.testing.Readiness;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** With warm-up on (as in production): readiness is 503 until the embedding model has matched once, 200 after. */
@QuarkusTest
@TestProfile(WarmUpReadinessTest.WarmUpOn.class)
@QuarkusTestResource(EmbeddedPostgresResource.class)
class WarmUpReadinessTest {

    public static class WarmUpOn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("overtone.clarify.warm-up.enabled", "true");
        }

        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(GatedEmbeddingMatcher.class);
        }
    }

    @Test
    void notReadyUntilWarmedUpThenReady() throws InterruptedException {
        Response before = ready();
        assertThat(before.statusCode()).isEqualTo(503);
        assertThat(before.jsonPath().getString("checks.find { it.name == 'clarify-svc warm-up' }.status")).isEqualTo("DOWN");
        RestAssured.given().port(18101).get("/q/health/live").then().statusCode(200);

        GatedEmbeddingMatcher.GATE.countDown();

        Response after = Readiness.await(200, Duration.ofSeconds(90));
        assertThat(after.statusCode()).as(after.asString()).isEqualTo(200);
        assertThat(after.jsonPath().getString("checks.find { it.name == 'clarify-svc warm-up' }.data.phase")).isEqualTo("done");
    }

    private static Response ready() {
        return RestAssured.given().port(18101).get("/q/health/ready");
    }
}

package dev.overtone.infill.health;

import io.quarkus.test.junit.QuarkusTest;
import dev.overtone.runtime.testing.ConfigProfile;
import io.quarkus.test.junit.TestProfile;
import dev.overtone.runtime.testing.Readiness;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** parser-svc never comes up: the warm-up waits for it no longer than configured, and infill-svc becomes ready (it answers degraded). */
@QuarkusTest
@TestProfile(WarmUpWithoutParserTest.ParserNowhere.class)
class WarmUpWithoutParserTest {

    public static class ParserNowhere extends ConfigProfile {
        public ParserNowhere() {
            super(Map.of("overtone.infill.warm-up.enabled", "true",
                    "overtone.infill.warm-up.parser-wait", "1s",
                    // nothing listens on port 1 of localhost: every connection is refused
                    "quarkus.grpc.clients.parser.port", "1", "%test.quarkus.grpc.clients.parser.port", "1"));
        }
    }

    /** Well under the default parser wait (30 s), well over this profile's 1 s wait and one degraded Infill. */
    private static final Duration BOUND = Duration.ofSeconds(20);

    @Test
    void readyAfterTheBoundedWaitWithoutParserSvc() throws InterruptedException {
        Response ready = Readiness.await(200, BOUND);

        assertThat(ready.statusCode()).as(ready.asString()).isEqualTo(200);
        assertThat(Readiness.warmUpPhase(ready, "infill-svc")).isEqualTo("done");
        assertThat(ready.jsonPath().getString("checks.find { it.name == 'infill strategies' }.data.'parser-svc'")).startsWith("localhost:1 ");
    }
}

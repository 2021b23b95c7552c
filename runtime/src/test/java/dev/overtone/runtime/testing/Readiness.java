package dev.overtone.runtime.testing;

import io.restassured.response.Response;

import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/** The readiness of the service a {@code @QuarkusTest} started, polled as Kubernetes would poll it. */
public final class Readiness {
    private static final Duration POLL_INTERVAL = Duration.ofMillis(100);
    /** How long a warm-up may take on a loaded machine (MiniLM's first load included). */
    private static final Duration WARM_UP_BOUND = Duration.ofSeconds(90);

    private Readiness() {
    }

    /**
     * Polls {@code /q/health/ready} until it answers {@code status} (200 ready, 503 not) or the bound passes;
     * returns the last answer either way, for the test to assert on.
     */
    public static Response await(int status, Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        Response r = given().get("/q/health/ready");
        while (r.statusCode() != status && System.nanoTime() < deadline) {
            Thread.sleep(POLL_INTERVAL.toMillis());
            r = given().get("/q/health/ready");
        }
        return r;
    }

    /** The phase ("done" once warm) that {@code service}'s warm-up check reports in a readiness answer. */
    public static String warmUpPhase(Response ready, String service) {
        return ready.jsonPath().getString("checks.find { it.name == '" + service + " warm-up' }.data.phase");
    }

    /**
     * A warm-up held at a gate: while it is held, readiness answers 503 with {@code service}'s warm-up check DOWN and
     * liveness 200; once {@code openGate} lets it go, readiness turns 200 within the bound with the warm-up done.
     */
    public static void assertReadyOnlyAfterWarmUp(String service, Runnable openGate) throws InterruptedException {
        Response before = given().get("/q/health/ready");
        assertThat(before.statusCode()).isEqualTo(503);
        assertThat(before.jsonPath().getString("checks.find { it.name == '" + service + " warm-up' }.status")).isEqualTo("DOWN");
        given().get("/q/health/live").then().statusCode(200);

        openGate.run();

        assertReadyAndWarm(service);
    }

    /** Readiness turns 200 within the bound, with {@code service}'s warm-up done. */
    public static Response assertReadyAndWarm(String service) throws InterruptedException {
        Response ready = await(200, WARM_UP_BOUND);
        assertThat(ready.statusCode()).as(ready.asString()).isEqualTo(200);
        assertThat(warmUpPhase(ready, service)).isEqualTo("done");
        return ready;
    }
}

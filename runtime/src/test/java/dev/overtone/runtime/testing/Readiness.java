package dev.overtone.runtime.testing;

import io.restassured.response.Response;

import java.time.Duration;

import static io.restassured.RestAssured.given;

/** The readiness of the service a {@code @QuarkusTest} started, polled as Kubernetes would poll it. */
public final class Readiness {
    private static final Duration POLL_INTERVAL = Duration.ofMillis(100);

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
}

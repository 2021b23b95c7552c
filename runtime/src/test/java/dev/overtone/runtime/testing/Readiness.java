package dev.overtone.runtime.testing;

import io.restassured.response.Response;

import java.time.Duration;

import static io.restassured.RestAssured.given;

/** The readiness of the service a {@code @QuarkusTest} started, polled as Kubernetes would poll it. */
public final class Readiness {
    private static final Duration POLL_INTERVAL = Duration.ofMillis(100);

    private Readiness() {
    }

    /** Polls {@code /q/health/ready} until it answers 200 or the bound passes; returns the last answer either way. */
    public static Response await(Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        Response r = given().get("/q/health/ready");
        while (r.statusCode() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(POLL_INTERVAL.toMillis());
            r = given().get("/q/health/ready");
        }
        return r;
    }
}

package dev.overtone.interpreter.grpc;

import java.util.Arrays;

import static io.restassured.RestAssured.given;

/** The test app's Prometheus scrape, read as numbers. */
public final class Metrics {
    private Metrics() {
    }

    /**
     * The sum of the samples named {@code name} whose labels include every one of {@code labels}
     * ({@code method="Interpret"}); 0 when there is none yet.
     */
    public static double sum(String name, String... labels) {
        String scrape = given().get("/q/metrics").then().statusCode(200).extract().asString();
        return scrape.lines().filter(l -> l.startsWith(name + "{") && Arrays.stream(labels).allMatch(l::contains))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf('}') + 1).trim().split(" ")[0])).sum();
    }

    /** {@code overtone_interpret_abandoned_total} at one stage. */
    static double abandonedAt(String stage) {
        return sum("overtone_interpret_abandoned_total", "stage=\"" + stage + "\"");
    }
}

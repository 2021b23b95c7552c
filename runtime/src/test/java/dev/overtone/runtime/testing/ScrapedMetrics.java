package dev.overtone.runtime.testing;

import java.util.Arrays;

import static io.restassured.RestAssured.given;

/** The Prometheus scrape ({@code /q/metrics}) of the service a {@code @QuarkusTest} started, read as numbers. */
public final class ScrapedMetrics {
    /** The gRPC server timer's count: calls this service served, by service, method and status. */
    public static final String SERVED = "grpc_server_processing_duration_seconds_count";
    /** The gRPC client timer's count: calls this service made to another. */
    public static final String CALLED = "grpc_client_processing_duration_seconds_count";

    private ScrapedMetrics() {
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

    /** Calls of {@code method} this service's gRPC server answered OK. */
    public static double servedOk(String method) {
        return sum(SERVED, label("method", method), label("statusCode", "OK"));
    }

    /** Calls of {@code method} this service made as a gRPC client and got OK. */
    public static double calledOk(String method) {
        return sum(CALLED, label("method", method), label("statusCode", "OK"));
    }

    /** {@code name="value"}, as a label stands in a sample. */
    public static String label(String name, String value) {
        return name + "=\"" + value + "\"";
    }
}

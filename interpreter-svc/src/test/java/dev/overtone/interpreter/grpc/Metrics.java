package dev.overtone.interpreter.grpc;

import dev.overtone.runtime.testing.ScrapedMetrics;

/** The interpreter's own counters in the test app's Prometheus scrape. */
public final class Metrics {
    private Metrics() {
    }

    /** {@code overtone_interpret_abandoned_total} at one stage. */
    static double abandonedAt(String stage) {
        return ScrapedMetrics.sum("overtone_interpret_abandoned_total", ScrapedMetrics.label("stage", stage));
    }
}

package dev.overtone.interpreter.service;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.function.LongConsumer;

/**
 * {@code overtone.interpreter.memory.watch.lag}: from a choice's recording (just before clarify-svc's commit) to this
 * interpreter's set holding its database, per pushed scope: the window in which a call may still be told "nothing
 * remembered" about a choice already committed (clarify-svc and interpreter-svc on one clock: one machine, or NTP's error).
 */
final class WatchLag {
    private WatchLag() {
    }

    static LongConsumer timer() {
        Timer timer = Timer.builder("overtone.interpreter.memory.watch.lag")
                .description("from a choice's recording to this interpreter hearing of it (WatchMemory)")
                .publishPercentiles(0.5, 0.9, 0.99).register(Metrics.globalRegistry);
        return micros -> timer.record(Duration.ofNanos(Math.max(0, micros) * 1000));
    }
}

package dev.overtone.interpreter.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The watch lag timer: fed microseconds, a lag the two services' clocks make negative counted as none. */
class WatchLagTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @BeforeEach
    void join() {
        Metrics.addRegistry(registry);
    }

    @AfterEach
    void leave() {
        Metrics.removeRegistry(registry);
        registry.close();
    }

    @Test
    void eachLagIsRecordedInMicroseconds() {
        LongConsumer lag = WatchLag.timer();

        lag.accept(1_500);
        lag.accept(2_500);

        Timer timer = registry.get("overtone.interpreter.memory.watch.lag").timer();
        assertThat(timer.count()).isEqualTo(2);
        assertThat(timer.totalTime(TimeUnit.MICROSECONDS)).isEqualTo(4_000);
    }

    @Test
    void aLagTheClocksMakeNegativeIsCountedAsNone() {
        LongConsumer lag = WatchLag.timer();

        lag.accept(-300);

        Timer timer = registry.get("overtone.interpreter.memory.watch.lag").timer();
        assertThat(timer.count()).as("the scope was heard of: it counts").isEqualTo(1);
        assertThat(timer.totalTime(TimeUnit.MICROSECONDS)).isZero();
    }
}

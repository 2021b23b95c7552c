package dev.overtone.interpreter.fake;

import java.time.Duration;

/** A fake downstream whose answers a test may also slow down, through {@link #slowness}. */
abstract class SlowFakeDownstream<F extends SlowFakeDownstream<F>> extends FakeDownstream<F> {
    protected final Slowness slowness = new Slowness();

    /** Every answer the fake makes slowly takes this long. */
    public F slow(Duration delay) {
        slowness.set(delay);
        return self();
    }

    public Slowness slowness() {
        return slowness;
    }
}

package dev.overtone.runtime;

import java.util.function.Supplier;

/**
 * A value built by its first caller, on first use (a model that loads for a second, a client that needs
 * its endpoint only when called); callers that come meanwhile wait for it, and later ones read it without a lock.
 */
public final class BuiltOnce<T> implements Supplier<T> {
    private final Supplier<T> builder;
    private volatile T value;

    public BuiltOnce(Supplier<T> builder) {
        this.builder = builder;
    }

    @Override
    public T get() {
        T v = value;
        if (v == null) {
            synchronized (this) {
                if (value == null) {
                    value = builder.get();
                }
                v = value;
            }
        }
        return v;
    }
}

package dev.overtone.interpreter.fake;

import io.grpc.Status;
import io.smallrye.mutiny.Uni;

import java.util.function.Supplier;

/** A fake downstream's outage, when a test injects one: from then on the calls it guards fail with its status. */
final class Outage {
    private volatile Status status;

    void set(Status status) {
        this.status = status;
    }

    /** The call's answer, or the outage's failure instead of it (the answer then is not made). */
    <T> Uni<T> or(Supplier<Uni<T>> answer) {
        Status now = status;
        return now == null ? answer.get() : Uni.createFrom().failure(now.asRuntimeException());
    }
}

package dev.overtone.interpreter.fake;

import io.grpc.Status;

/** What every fake downstream offers a test: an outage it injects, which the fake's calls meet through {@link #outage}. */
abstract class FakeDownstream<F extends FakeDownstream<F>> {
    protected final Outage outage = new Outage();

    /** From now on the calls this fake guards (every call, unless the fake says otherwise) fail with this status. */
    public F failWith(Status status) {
        outage.set(status);
        return self();
    }

    @SuppressWarnings("unchecked")
    protected final F self() {
        return (F) this;
    }
}

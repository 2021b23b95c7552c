package dev.overtone.runtime.testing;

import io.grpc.Attributes;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.Status;
import java.util.Optional;

/**
 * A server call with no transport under it, for a test of an interceptor or a call handler: it records the status
 * and trailers it was closed with, and refuses a second close as grpc-java's own calls do.
 */
public final class FakeServerCall<Q, A> extends ServerCall<Q, A> {
    private final MethodDescriptor<Q, A> method;
    private Status status;
    private Metadata trailers;

    public FakeServerCall(MethodDescriptor<Q, A> method) {
        this.method = method;
    }

    /** The status the call was closed with; empty while it is open. */
    public Optional<Status> status() {
        return Optional.ofNullable(status);
    }

    /** The trailers the call was closed with; empty while it is open. */
    public Optional<Metadata> trailers() {
        return Optional.ofNullable(trailers);
    }

    @Override
    public void close(Status status, Metadata trailers) {
        if (this.status != null) {
            throw new IllegalStateException("call already closed");
        }
        this.status = status;
        this.trailers = trailers;
    }

    @Override
    public void request(int numMessages) {
    }

    @Override
    public void sendHeaders(Metadata headers) {
    }

    @Override
    public void sendMessage(A message) {
    }

    @Override
    public boolean isCancelled() {
        return false;
    }

    @Override
    public Attributes getAttributes() {
        return Attributes.EMPTY;
    }

    @Override
    public MethodDescriptor<Q, A> getMethodDescriptor() {
        return method;
    }
}

package dev.overtone.runtime.grpc;

import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.ServerCall;

/**
 * A server call's listener that runs {@code end} once the transport is done with the call: cancelled by its client,
 * or complete (its status sent). For an interceptor that holds something for a call's life; {@code end} must bear being
 * run more than once.
 */
public class EndingListener<Q> extends SimpleForwardingServerCallListener<Q> {
    private final Runnable end;

    public EndingListener(ServerCall.Listener<Q> listener, Runnable end) {
        super(listener);
        this.end = end;
    }

    @Override
    public void onCancel() {
        try {
            super.onCancel();
        } finally {
            end.run();
        }
    }

    @Override
    public void onComplete() {
        try {
            super.onComplete();
        } finally {
            end.run();
        }
    }
}

package dev.overtone.runtime.balancing;

import io.grpc.ClientStreamTracer;
import io.grpc.LoadBalancer.PickResult;
import io.grpc.Metadata;
import io.grpc.Status;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The calls a caller's channel has open on one replica: one more when a stream is put on the replica's connection, one
 * fewer when it closes (grpc-java calls {@code streamClosed} once per stream). A replica that answers slowly holds more.
 */
final class InFlight {

    private final AtomicInteger open = new AtomicInteger();
    private final ClientStreamTracer.Factory counting = new ClientStreamTracer.Factory() {
        @Override
        public ClientStreamTracer newClientStreamTracer(ClientStreamTracer.StreamInfo info, Metadata headers) {
            open.incrementAndGet();
            return new ClientStreamTracer() {
                @Override
                public void streamClosed(Status status) {
                    open.decrementAndGet();
                }
            };
        }
    };

    int open() {
        return open.get();
    }

    /**
     * The pick, counted on this replica. A pick with no connection (none ready yet, an error) is not a stream; one whose
     * child balancer added a tracer of its own is left as it is (grpc-java's pick_first adds none).
     */
    PickResult counted(PickResult pick) {
        if (pick.getSubchannel() == null || pick.getStreamTracerFactory() != null) {
            return pick;
        }
        return PickResult.withSubchannel(pick.getSubchannel(), counting, pick.getAuthorityOverride());
    }
}

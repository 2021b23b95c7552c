package dev.overtone.runtime.balancing;

import io.grpc.Attributes;
import io.grpc.LoadBalancer.Subchannel;

/** A subchannel that connects nowhere: what a pick names, for the pickers' and counters' tests. */
final class NoSubchannel extends Subchannel {
    @Override
    public void shutdown() {
    }

    @Override
    public void requestConnection() {
    }

    @Override
    public Attributes getAttributes() {
        return Attributes.EMPTY;
    }
}

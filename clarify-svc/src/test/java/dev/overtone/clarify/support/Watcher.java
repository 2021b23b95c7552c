package dev.overtone.clarify.support;

import dev.overtone.clarify.memory.MemoryListener;
import dev.overtone.proto.v1.MemoryScope;
import dev.overtone.proto.v1.MemoryScopes;
import dev.overtone.proto.v1.MutinyClarifyServiceGrpc;
import dev.overtone.proto.v1.WatchMemoryRequest;
import io.grpc.Context;
import io.grpc.Status;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A WatchMemory stream as a test reads it: the messages, the scopes after the snapshot, and how it ended. */
public final class Watcher implements AutoCloseable {
    public final List<MemoryScopes> messages = new CopyOnWriteArrayList<>();
    /**
     * The call's context, cancelled on close: cancelling the Mutiny subscription would leave the gRPC call open, and the
     * server pushing to it (and ending it RESOURCE_EXHAUSTED once it reads no more, which another test took for its own).
     */
    private final Context.CancellableContext call = Context.current().withCancellation();
    private volatile Status ended;
    private volatile boolean completed;

    /** Subscribes once the app LISTENs (from a connection it opens at start: a watch before that is refused). */
    public Watcher(MutinyClarifyServiceGrpc.MutinyClarifyServiceStub clarify, MemoryListener listener) {
        Await.until(listener::listening, "clarify-svc to LISTEN");
        // subscribed within the call's context, so that the call (started here, on this thread) is cancelled with it
        Context previous = call.attach();
        try {
            clarify.watchMemory(WatchMemoryRequest.getDefaultInstance()).subscribe().with(messages::add,
                    e -> ended = Status.fromThrowable(e), () -> completed = true);
        } finally {
            call.detach(previous);
        }
    }

    public boolean synced() {
        return messages.stream().anyMatch(MemoryScopes::getSnapshotComplete);
    }

    public Watcher awaitSynced() {
        Await.until(this::synced, "the snapshot to be complete");
        return this;
    }

    /** The scopes of the snapshot (every message up to and with the marker). */
    public List<MemoryScope> snapshot() {
        int marker = 0;
        while (!messages.get(marker).getSnapshotComplete()) {
            marker++;
        }
        return messages.subList(0, marker + 1).stream().flatMap(m -> m.getScopesList().stream()).toList();
    }

    /** Whether a message after the snapshot carried this tenant's database. */
    public boolean pushed(String tenant, String database) {
        return pushedMessage(tenant, database) != null;
    }

    public MemoryScopes pushedMessage(String tenant, String database) {
        boolean after = false;
        for (MemoryScopes m : messages) {
            if (after && m.getScopesList().stream().anyMatch(s -> s.getTenant().equals(tenant) && s.getDatabase().equals(database))) {
                return m;
            }
            after |= m.getSnapshotComplete();
        }
        return null;
    }

    /** Whether a message after the snapshot said this tenant's database ("" for every one) forgot. */
    public boolean forgotten(String tenant, String database) {
        return messages.stream().flatMap(m -> m.getForgottenList().stream())
                .anyMatch(s -> s.getTenant().equals(tenant) && s.getDatabase().equals(database));
    }

    public Status ended() {
        return ended;
    }

    public boolean completed() {
        return completed;
    }

    @Override
    public void close() {
        call.cancel(null);
    }
}

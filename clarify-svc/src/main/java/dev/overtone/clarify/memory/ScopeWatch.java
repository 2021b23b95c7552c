package dev.overtone.clarify.memory;

import dev.overtone.proto.v1.MemoryScopes;
import io.grpc.Status;
import io.smallrye.mutiny.subscription.MultiEmitter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One WatchMemory stream: the snapshot in pages, the marker, then each scope as it gains a choice or forgets some. What is heard while
 * the snapshot is read is held and sent after the marker (the listener is subscribed before the snapshot is read, so
 * nothing falls between). Bounded: a watcher whose transport is not ready for more than {@code maxPending} messages in a
 * row (or with that many held) has its stream ended, RESOURCE_EXHAUSTED; it subscribes again.
 */
final class ScopeWatch {
    /** The most scopes in one message of the snapshot. */
    static final int PAGE = 256;

    private final MultiEmitter<? super MemoryScopes> out;
    private final BooleanSupplier ready;
    private final int maxPending;
    private final List<MemoryScope> held = new ArrayList<>();
    private boolean live;
    private boolean ended;
    private int unready;

    ScopeWatch(MultiEmitter<? super MemoryScopes> out, BooleanSupplier ready, int maxPending) {
        this.out = out;
        this.ready = ready;
        this.maxPending = maxPending;
    }

    synchronized void snapshot(List<MemoryScope> remembering) {
        if (ended) {
            return;
        }
        int from = 0;
        for (; remembering.size() - from > PAGE; from += PAGE) {
            out.emit(message(remembering.subList(from, from + PAGE), false, 0));
        }
        out.emit(message(remembering.subList(from, remembering.size()), true, 0));
        live = true;
        held.forEach(scope -> out.emit(message(List.of(scope), true, 0)));
        held.clear();
    }

    synchronized void push(MemoryScope scope, long recordedAtMicros) {
        if (ended) {
            return;
        }
        if (!live) {
            held.add(scope);
            if (held.size() > maxPending) {
                tooSlow();
            }
            return;
        }
        emitLive(message(List.of(scope), true, recordedAtMicros));
    }

    /**
     * A database that forgot (some or all of its choices; "" for every database of the tenant): pushed once the snapshot
     * is out, dropped before it (the caller keeps no Recall answer until the snapshot is complete).
     */
    synchronized void forgotten(MemoryScope scope, long forgottenAtMicros) {
        if (ended || !live) {
            return;
        }
        MemoryScopes.Builder m = MemoryScopes.newBuilder().setSnapshotComplete(true).setRecordedAtMicros(forgottenAtMicros)
                .setPushesForgets(true);
        m.addForgottenBuilder().setTenant(scope.tenant()).setDatabase(scope.database());
        emitLive(m.build());
    }

    /** A push after the snapshot, unless the watcher has left too many unread. */
    private void emitLive(MemoryScopes m) {
        unready = ready.getAsBoolean() ? 0 : unready + 1;
        if (unready > maxPending) {
            tooSlow();
            return;
        }
        out.emit(m);
    }

    private void tooSlow() {
        end(Status.RESOURCE_EXHAUSTED.withDescription("this watcher left more than " + maxPending
                + " messages unread (overtone.clarify.memory.watch.max-pending): read faster, and watch again"));
    }

    synchronized void end(Status status) {
        if (!ended) {
            ended = true;
            out.fail(status.asRuntimeException());
        }
    }

    /** Ends the stream as it should: it is old enough (watch.max-age), the caller subscribes again. */
    synchronized void complete() {
        if (!ended) {
            ended = true;
            out.complete();
        }
    }

    private static MemoryScopes message(List<MemoryScope> scopes, boolean complete, long recordedAtMicros) {
        MemoryScopes.Builder m = MemoryScopes.newBuilder().setSnapshotComplete(complete).setRecordedAtMicros(recordedAtMicros)
                .setPushesForgets(true);
        scopes.forEach(s -> m.addScopesBuilder().setTenant(s.tenant()).setDatabase(s.database()));
        return m.build();
    }
}

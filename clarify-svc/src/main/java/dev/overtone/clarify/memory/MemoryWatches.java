package dev.overtone.clarify.memory;

import dev.overtone.clarify.config.ClarifyConfig;
import dev.overtone.clarify.service.ClarifyException;
import dev.overtone.proto.v1.MemoryScopes;
import io.grpc.Status;
import io.smallrye.mutiny.Multi;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.BooleanSupplier;

/**
 * WatchMemory: subscribes the stream to this replica's listener first, then reads the snapshot (every scope with an
 * unexpired choice), so a choice committed in between is in the snapshot, pushed, or both. The stream ends (OK) after
 * {@code watch.max-age}, so its caller drops what was forgotten or expired since.
 */
@ApplicationScoped
public class MemoryWatches {
    @Inject
    ClarifyConfig config;
    @Inject
    MemoryListener listener;
    @Inject
    ChoiceLookup lookup;
    @Inject
    Vertx vertx;

    /** @param ready whether the caller's transport takes more now (gRPC's isReady), read as each scope is pushed */
    public Multi<MemoryScopes> watch(BooleanSupplier ready) {
        if (!config.memory().enabled()) {
            throw new ClarifyException(ClarifyException.Kind.FAILED_PRECONDITION,
                    "this clarify-svc remembers no choices (overtone.clarify.memory.enabled=false): nothing to watch");
        }
        return Multi.createFrom().emitter(out -> {
            if (!listener.listening()) {
                out.fail(Status.UNAVAILABLE.withDescription("clarify-svc is not listening to PostgreSQL now (starting, reconnecting"
                        + " or shutting down): ask Remembers, and watch again").asRuntimeException());
                return;
            }
            ScopeWatch watch = new ScopeWatch(out, ready, config.memory().watch().maxPending());
            listener.add(watch);
            long timer = vertx.setTimer(config.memory().watch().maxAge().toMillis(), id -> watch.complete());
            out.onTermination(() -> {
                listener.remove(watch);
                vertx.cancelTimer(timer);
            });
            lookup.remembering().subscribe().with(watch::snapshot,
                    e -> watch.end(Status.UNAVAILABLE.withDescription("clarify-svc could not read which databases remember a choice: "
                            + e.getMessage()).withCause(e)));
        });
    }
}

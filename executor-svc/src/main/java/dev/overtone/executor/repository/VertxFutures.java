package dev.overtone.executor.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * The PostgreSQL engine's per-call path runs on plain Vert.x futures, with one Uni where the caller meets it: each
 * Mutiny operator captures and restores the caller's context (context propagation) on every step, which was most of
 * the executor's own work per call in the profile.
 */
final class VertxFutures {
    private VertxFutures() {
    }

    /**
     * The Uni of a call built on futures: {@code call} starts when the Uni is subscribed, and is told through its
     * flag when the caller has gone (cancelled), so that it can give back what it gets later and issue nothing more.
     */
    static <T> Uni<T> uni(Function<AtomicBoolean, Future<T>> call) {
        return Uni.createFrom().emitter(emitter -> {
            AtomicBoolean gone = new AtomicBoolean();
            emitter.onTermination(() -> gone.set(true));
            call.apply(gone).onComplete(done -> {
                if (done.succeeded()) {
                    emitter.complete(done.result());
                } else {
                    emitter.fail(done.cause());
                }
            });
        });
    }

    /** The future of a Uni (subscribed now), for the paths of the engine still built on Mutiny. */
    static <T> Future<T> of(Uni<T> uni) {
        Promise<T> promise = Promise.promise();
        uni.subscribe().with(promise::complete, promise::fail);
        return promise.future();
    }
}

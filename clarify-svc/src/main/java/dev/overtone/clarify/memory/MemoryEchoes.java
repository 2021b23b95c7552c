package dev.overtone.clarify.memory;

import dev.overtone.clarify.config.ClarifyConfig;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.logging.Logger;

/**
 * Lets Choose, a resolving Answer and Forget reply only once this replica has heard its own notification come back (or
 * {@code watch.echo-wait} passed): every replica hears it at the same commit, so by then the watchers have been sent the
 * scope. A call opens its {@link Call} ({@link #open}), which the recorder, deep in the call, finds on the call's own
 * duplicated Vert.x context and adds its tokens to; the call settles that same {@link Call} after commit, and
 * {@link #close}s it however it ends (a cancelled call too), so no token of it is left waiting.
 * <p>
 * Only a duplicated context (one per gRPC call) holds a {@link Call}: a root event-loop context is shared by every call
 * on that loop, and a collector put there would take other calls' tokens, or lose its own to the next call's open. On
 * such a context the call waits for nothing (the push's window, as without echoes) rather than for another call's echo.
 */
@ApplicationScoped
public class MemoryEchoes {
    private static final Logger LOG = Logger.getLogger(MemoryEchoes.class);
    private static final String CALL = MemoryEchoes.class.getName() + ".call";

    /** Replies that waited for their echo: heard, or late (the bound passed first). */
    public static final String COUNTER = "overtone.clarify.memory.echoes";

    private final Duration echoWait;
    private final MeterRegistry registry;
    private final Map<String, CompletableFuture<Void>> pending = new ConcurrentHashMap<>();

    @Inject
    MemoryEchoes(ClarifyConfig config, MeterRegistry registry) {
        this(config.memory().watch().echoWait(), registry);
    }

    MemoryEchoes(Duration echoWait, MeterRegistry registry) {
        this.echoWait = echoWait;
        this.registry = registry;
    }

    /** One call's notification tokens, kept on its duplicated context while it runs. */
    public static final class Call {
        private final Context context;
        private final List<String> tokens = new CopyOnWriteArrayList<>();

        private Call(Context context) {
            this.context = context;
        }
    }

    /** Starts collecting the tokens this call's recordings notify with (none where the context is not the call's own). */
    public Call open() {
        Context ctx = Vertx.currentContext();
        if (ctx == null || !VertxContext.isDuplicatedContext(ctx)) {
            LOG.debugf("memory: a recording call on %s context: its reply does not wait for its echo", ctx == null ? "no" : "a shared");
            return new Call(null);
        }
        Call call = new Call(ctx);
        ctx.putLocal(CALL, call);
        return call;
    }

    /** A token for one recording's notification, awaited by the call that opened on this context (none: nobody waits for it). */
    String expect() {
        String token = UUID.randomUUID().toString();
        Context ctx = Vertx.currentContext();
        Call call = ctx == null || !VertxContext.isDuplicatedContext(ctx) ? null : ctx.getLocal(CALL);
        if (call != null) {
            pending.put(token, new CompletableFuture<>());
            call.tokens.add(token);
        }
        return token;
    }

    /** A notification came back. */
    void heard(String token) {
        CompletableFuture<Void> echo = pending.remove(token);
        if (echo != null) {
            echo.complete(null);
        }
    }

    /** Completes once every token of this call was heard, or after the bound (a rolled-back one never is). */
    public Uni<Void> settle(Call call) {
        if (call.tokens.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        CompletableFuture<?>[] echoes = call.tokens.stream().map(t -> pending.getOrDefault(t, CompletableFuture.completedFuture(null)))
                .toArray(CompletableFuture[]::new);
        Uni<Void> heard = Uni.createFrom().completionStage(CompletableFuture.allOf(echoes))
                .invoke(() -> registry.counter(COUNTER, "outcome", "heard").increment())
                .ifNoItem().after(echoWait)
                .recoverWithItem(() -> {
                    registry.counter(COUNTER, "outcome", "late").increment();
                    return null;
                })
                .replaceWithVoid()
                .eventually(() -> close(call));
        return call.context == null ? heard : heard.emitOn(r -> call.context.runOnContext(v -> r.run()));
    }

    /** The call ended (replied, failed, or was cancelled): nothing of it is waited for any more. */
    public void close(Call call) {
        call.tokens.forEach(pending::remove);
        if (call.context != null && call.context.getLocal(CALL) == call) {
            call.context.removeLocal(CALL);
        }
    }

    /** Tokens some call still waits for (for the tests: none is left once every call has ended). */
    int waiting() {
        return pending.size();
    }
}

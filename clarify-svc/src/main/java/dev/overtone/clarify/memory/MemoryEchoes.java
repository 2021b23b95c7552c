package dev.overtone.clarify.memory;

import dev.overtone.clarify.config.ClarifyConfig;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Lets Choose and a resolving Answer reply only once this replica has heard its own notification come back (or
 * {@code watch.echo-wait} passed): every replica hears it at the same commit, so by then the watchers have been sent the
 * scope, and a caller who asks again after the reply is answered with the choice in practice. A call opens a list of
 * its tokens on its Vert.x context ({@link #open}), the recorder adds to it, and the call settles it after commit.
 */
@ApplicationScoped
public class MemoryEchoes {
    private static final String TOKENS = MemoryEchoes.class.getName() + ".tokens";

    /** Replies that waited for their echo: heard, or late (the bound passed first). */
    public static final String COUNTER = "overtone.clarify.memory.echoes";

    @Inject
    ClarifyConfig config;
    @Inject
    MeterRegistry registry;

    private final Map<String, CompletableFuture<Void>> pending = new ConcurrentHashMap<>();

    /** Starts collecting the tokens this call's recordings notify with. */
    public void open() {
        Context ctx = Vertx.currentContext();
        if (ctx != null) {
            ctx.putLocal(TOKENS, new ArrayList<String>());
        }
    }

    /** A token for one recording's notification, awaited by the call that opened (none: nobody waits for it). */
    String expect() {
        String token = UUID.randomUUID().toString();
        Context ctx = Vertx.currentContext();
        List<String> tokens = ctx == null ? null : ctx.getLocal(TOKENS);
        if (tokens != null) {
            tokens.add(token);
            pending.put(token, new CompletableFuture<>());
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

    /** Completes once every token this call notified with was heard, or after the bound (a rolled-back one never is). */
    public Uni<Void> settle() {
        Context ctx = Vertx.currentContext();
        List<String> tokens = ctx == null ? null : ctx.getLocal(TOKENS);
        if (tokens == null || tokens.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        ctx.removeLocal(TOKENS);
        CompletableFuture<?>[] echoes = tokens.stream().map(t -> pending.getOrDefault(t, CompletableFuture.completedFuture(null)))
                .toArray(CompletableFuture[]::new);
        return Uni.createFrom().completionStage(CompletableFuture.allOf(echoes)).invoke(() -> registry.counter(COUNTER, "outcome", "heard").increment())
                .ifNoItem().after(config.memory().watch().echoWait())
                .recoverWithItem(() -> {
                    registry.counter(COUNTER, "outcome", "late").increment();
                    return null;
                })
                .eventually(() -> tokens.forEach(pending::remove))
                .emitOn(r -> ctx.runOnContext(v -> r.run()));
    }

    /** The call failed (its transaction rolled back): nothing of it will be heard. */
    public Uni<Void> drop() {
        Context ctx = Vertx.currentContext();
        List<String> tokens = ctx == null ? null : ctx.getLocal(TOKENS);
        if (tokens != null) {
            ctx.removeLocal(TOKENS);
            tokens.forEach(pending::remove);
        }
        return Uni.createFrom().voidItem();
    }
}

package dev.overtone.interpreter.service;

import io.opentelemetry.context.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Whether a tenant's database remembers any choice, asked for the calls in flight together: at most a few clarify-svc
 * Remembers out at a time, and the calls that arrive while they all are out wait for the next, which asks about all
 * their databases (each once). A call's database is asked in a Remembers sent after the call arrived, so the answer holds
 * every choice recorded before it, as a call of its own would; under load one Remembers serves several calls.
 */
public final class MemoryProbes {

    /** A tenant's database. */
    public record Scope(String tenant, String database) {
    }

    /** clarify-svc's Remembers: one answer per scope, in order; a failed call throws. */
    @FunctionalInterface
    public interface Remembers {
        List<Boolean> remembers(List<Scope> scopes);
    }

    private final Remembers clarify;
    private final Executor sender;
    private final int maxScopes;
    private final int maxInFlight;
    private final Object lock = new Object();
    private Map<Scope, CompletableFuture<Boolean>> waiting = new LinkedHashMap<>();
    /** The trace of the first call now waiting: the next ask is one of its spans (a shared ask has one parent). */
    private Context firstWaiting = Context.root();
    private int sending;

    /**
     * @param sender      runs the loops that send, each one blocking Remembers at a time (a thread per ask out)
     * @param maxScopes   the most scopes in one Remembers (clarify-svc takes 256)
     * @param maxInFlight the most Remembers out at once (each sent by its own loop on {@code sender})
     */
    public MemoryProbes(Remembers clarify, Executor sender, int maxScopes, int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("at least one Remembers must be allowed out at a time, got " + maxInFlight);
        }
        this.clarify = clarify;
        this.sender = sender;
        this.maxScopes = maxScopes;
        this.maxInFlight = maxInFlight;
    }

    /** True when the scope remembers a choice, or when asking failed (then the full Recall runs and says why). */
    public CompletableFuture<Boolean> remembers(Scope scope) {
        CompletableFuture<Boolean> answer;
        boolean start;
        synchronized (lock) {
            if (waiting.isEmpty()) {
                firstWaiting = Context.current();
            }
            answer = waiting.computeIfAbsent(scope, s -> new CompletableFuture<>());
            start = sending < maxInFlight;
            if (start) {
                sending++;
            }
        }
        if (start) {
            sender.execute(this::sendWhileWaiting);
        }
        return answer;
    }

    private void sendWhileWaiting() {
        while (true) {
            Map<Scope, CompletableFuture<Boolean>> batch;
            Context trace;
            synchronized (lock) {
                if (waiting.isEmpty()) {
                    sending--;
                    return;
                }
                trace = firstWaiting;
                batch = takeWaiting();
                if (!waiting.isEmpty()) {
                    firstWaiting = Context.root(); // those left over (more than one ask takes) are asked under no call's trace
                }
            }
            try (io.opentelemetry.context.Scope ignored = trace.makeCurrent()) {
                ask(batch);
            }
        }
    }

    /** The first {@code maxScopes} waiting, in arrival order; the rest wait for the next call. */
    private Map<Scope, CompletableFuture<Boolean>> takeWaiting() {
        if (waiting.size() <= maxScopes) {
            Map<Scope, CompletableFuture<Boolean>> all = waiting;
            waiting = new LinkedHashMap<>();
            return all;
        }
        Map<Scope, CompletableFuture<Boolean>> first = new LinkedHashMap<>();
        var it = waiting.entrySet().iterator();
        while (first.size() < maxScopes) {
            var e = it.next();
            first.put(e.getKey(), e.getValue());
            it.remove();
        }
        return first;
    }

    private void ask(Map<Scope, CompletableFuture<Boolean>> batch) {
        List<Scope> scopes = new ArrayList<>(batch.keySet());
        List<Boolean> remembered;
        try {
            remembered = clarify.remembers(scopes);
        } catch (RuntimeException e) {
            batch.values().forEach(f -> f.complete(true));
            return;
        }
        for (int i = 0; i < scopes.size(); i++) {
            batch.get(scopes.get(i)).complete(i >= remembered.size() || remembered.get(i));
        }
    }
}

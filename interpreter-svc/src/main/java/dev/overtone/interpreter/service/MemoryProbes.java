package dev.overtone.interpreter.service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Whether a tenant's database remembers any choice, asked for the calls in flight together: at most one clarify-svc
 * Remembers at a time, and the calls that arrive meanwhile wait for the next, which asks about all their databases
 * (each once). A call's database is asked in a Remembers sent after the call arrived, so the answer holds every choice
 * recorded before it, as a call of its own would; under load one Remembers serves several calls.
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
    private final Object lock = new Object();
    private Map<Scope, CompletableFuture<Boolean>> waiting = new LinkedHashMap<>();
    private boolean sending;

    /**
     * @param sender    runs the loop that sends: one Remembers at a time, blocking
     * @param maxScopes the most scopes in one Remembers (clarify-svc takes 256)
     */
    public MemoryProbes(Remembers clarify, Executor sender, int maxScopes) {
        this.clarify = clarify;
        this.sender = sender;
        this.maxScopes = maxScopes;
    }

    /** True when the scope remembers a choice, or when asking failed (then the full Recall runs and says why). */
    public CompletableFuture<Boolean> remembers(Scope scope) {
        CompletableFuture<Boolean> answer;
        boolean start;
        synchronized (lock) {
            answer = waiting.computeIfAbsent(scope, s -> new CompletableFuture<>());
            start = !sending;
            sending = true;
        }
        if (start) {
            sender.execute(this::sendWhileWaiting);
        }
        return answer;
    }

    private void sendWhileWaiting() {
        while (true) {
            Map<Scope, CompletableFuture<Boolean>> batch;
            synchronized (lock) {
                if (waiting.isEmpty()) {
                    sending = false;
                    return;
                }
                batch = takeWaiting();
            }
            ask(batch);
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

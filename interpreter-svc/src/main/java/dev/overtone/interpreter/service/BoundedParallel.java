package dev.overtone.interpreter.service;

import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.proto.v1.Stage;
import io.opentelemetry.context.Context;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs a batch of blocking downstream calls on a shared pool with at most N in flight per batch:
 * N lanes pull from one queue, so a call never holds more than its share of threads.
 * The functions must not throw (they return their failure as a value) and carry their own gRPC
 * deadlines, so a batch always ends.
 */
@ApplicationScoped
public class BoundedParallel implements Lanes {
    @Inject
    InterpreterConfig config;

    private volatile ExecutorService pool;

    private ExecutorService pool() {
        if (pool == null) {
            synchronized (this) {
                if (pool == null) {
                    AtomicInteger n = new AtomicInteger();
                    // taskWrapping carries the caller's trace context into the lanes, so downstream
                    // calls made in parallel stay in the Interpret call's trace.
                    pool = Context.taskWrapping(Executors.newFixedThreadPool(config.pipeline().threads(), r -> {
                        Thread t = new Thread(r, "interpret-" + n.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    }));
                }
            }
        }
        return pool;
    }

    /**
     * Applies {@code work} to every item, in the caller's gRPC context: when the caller cancels, the lanes
     * take no further item, their downstream calls are cancelled, and {@link CallCancelled} is thrown.
     */
    @Override
    public <T, R> List<R> map(Stage stage, List<T> items, Function<T, R> work) {
        io.grpc.Context call = io.grpc.Context.current();
        if (items.isEmpty()) {
            return List.of();
        }
        if (items.size() == 1) {
            R only = work.apply(items.get(0));
            throwIfCancelled(call, stage);
            return List.of(only);
        }
        List<R> results = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            results.add(null);
        }
        ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < items.size(); i++) {
            queue.add(i);
        }
        int lanes = Math.min(config.pipeline().concurrency(), items.size());
        List<CompletableFuture<Void>> running = new ArrayList<>();
        for (int lane = 0; lane < lanes; lane++) {
            running.add(CompletableFuture.runAsync(call.wrap(() -> {
                Integer i;
                while (!call.isCancelled() && (i = queue.poll()) != null) {
                    R r = work.apply(items.get(i));
                    synchronized (results) {
                        results.set(i, r);
                    }
                }
            }), pool()));
        }
        CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).join();
        throwIfCancelled(call, stage);
        synchronized (results) {
            return new ArrayList<>(results);
        }
    }

    @Override
    public <T> CompletableFuture<T> beside(Supplier<T> work) {
        io.grpc.Context call = io.grpc.Context.current();
        return CompletableFuture.supplyAsync(() -> {
            io.grpc.Context before = call.attach();
            try {
                return work.get();
            } finally {
                call.detach(before);
            }
        }, pool());
    }

    static void throwIfCancelled(io.grpc.Context call, Stage stage) {
        if (call.isCancelled()) {
            throw new CallCancelled(stage);
        }
    }

    void stop(@Observes ShutdownEvent event) {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}

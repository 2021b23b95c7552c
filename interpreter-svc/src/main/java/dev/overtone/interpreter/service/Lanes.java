package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.Stage;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/** Runs a stage's per-reading calls side by side, answering in the items' order ({@link BoundedParallel} in the service). */
public interface Lanes {
    <T, R> List<R> map(Stage stage, List<T> items, Function<T, R> work);

    /** Starts one call beside the caller's own work, in its gRPC context; here (plain objects in tests) it runs at once. */
    default <T> CompletableFuture<T> beside(Supplier<T> work) {
        return CompletableFuture.completedFuture(work.get());
    }
}

package dev.overtone.executor.service;

import dev.overtone.executor.config.ExecutorConfig;
import dev.overtone.runtime.memory.HeldBytes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The result text this replica holds for the calls in flight, at most {@code overtone.executor.limits.held-bytes}.
 * A result stays in memory after its statement gives back its bulkhead slot, until its answer is sent, so the
 * bulkhead, which bounds the statements running, does not bound the results held: two answers of 64 MiB at once made
 * a 256 MB replica exit. Each call opens a {@link Hold} (ExecutorGrpcService); its rows take from it as they are read
 * (ResultCollector).
 */
@Singleton
public class HeldResults extends HeldBytes {

    @Inject
    HeldResults(ExecutorConfig config) {
        super(config.limits().heldBytes(), "executor-svc", "overtone.executor.limits.held-bytes",
                "retry, or ask for fewer bytes (max_bytes)");
    }
}

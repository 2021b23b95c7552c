package dev.overtone.interpreter.service;

import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceStub;
import dev.overtone.proto.v1.StatementResult;
import io.grpc.Status;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * One StreamExecuteBatch read to its end. Each result is handed on where it arrives, on the channel's transport thread,
 * and the calling thread waits once, for the end, as it does for a unary answer; a blocking stub's iterator would pass
 * every message between three threads (the transport's, the channel executor's, the caller's), and on busy cores each
 * hand-over can wait for one (bench/README, "The streamed batch, again": one pair measured it slower, the next did not). A result is handed on before the next is read,
 * so the call holds one message in direct memory at a time.
 */
final class StreamedResults implements ClientResponseObserver<ExecuteBatchRequest, StatementResult> {
    private final Consumer<StatementResult> results;
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private ClientCallStreamObserver<ExecuteBatchRequest> call;

    private StreamedResults(Consumer<StatementResult> results) {
        this.results = results;
    }

    /** Each result of the call to {@code results}, one at a time, before this returns; a failed call throws its status. */
    static void read(ExecutorServiceStub executor, ExecuteBatchRequest request, Consumer<StatementResult> results) {
        StreamedResults reader = new StreamedResults(results);
        executor.withExecutor(Runnable::run).streamExecuteBatch(request, reader);
        reader.awaitEnd();
    }

    @Override
    public void beforeStart(ClientCallStreamObserver<ExecuteBatchRequest> call) {
        this.call = call;
    }

    @Override
    public void onNext(StatementResult result) {
        if (ended.isDone()) {
            return; // results threw: the call is being cancelled
        }
        try {
            results.accept(result);
        } catch (RuntimeException e) {
            ended.completeExceptionally(e);
            call.cancel("interpreter-svc stopped reading the results", e);
        }
    }

    @Override
    public void onError(Throwable failure) {
        ended.completeExceptionally(failure);
    }

    @Override
    public void onCompleted() {
        ended.complete(null);
    }

    private void awaitEnd() {
        try {
            ended.get();
        } catch (InterruptedException e) {
            call.cancel("interpreter-svc's thread was interrupted", e);
            Thread.currentThread().interrupt();
            throw Status.CANCELLED.withDescription("interrupted while reading executor-svc's results").asRuntimeException();
        } catch (ExecutionException e) {
            // grpc fails a call with a StatusRuntimeException; anything else is what results threw
            throw e.getCause() instanceof RuntimeException failure ? failure : new IllegalStateException(e.getCause());
        }
    }
}

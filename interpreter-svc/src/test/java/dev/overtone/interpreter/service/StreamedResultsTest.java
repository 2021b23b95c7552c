package dev.overtone.interpreter.service;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.StatementResult;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One StreamExecuteBatch read to its end, over a real grpc-java server and channel: the results in order, and the two
 * ways the reader ends a call the server has not ended: what it hands the results to throws, or its thread is
 * interrupted. Either way the server sees the call cancelled.
 */
class StreamedResultsTest {
    private static final ExecuteBatchRequest THREE = ExecuteBatchRequest.newBuilder().addSqls("SELECT 1").addSqls("SELECT 2")
            .addSqls("SELECT 3").build();

    private final CompletableFuture<Void> cancelledAtTheServer = new CompletableFuture<>();
    /** Whether the server ends the call after its results, or leaves it open. */
    private volatile boolean ends = true;
    private Server server;
    private ManagedChannel channel;

    @BeforeEach
    void serve() throws IOException {
        // a result for each statement of the batch; a definition, not an *ImplBase class, which every @QuarkusTest app
        // of the module would serve
        ServerServiceDefinition executor = ServerServiceDefinition.builder(ExecutorServiceGrpc.SERVICE_NAME)
                .addMethod(ExecutorServiceGrpc.getStreamExecuteBatchMethod(),
                        ServerCalls.asyncServerStreamingCall((ExecuteBatchRequest request, StreamObserver<StatementResult> answers) -> {
                            ((ServerCallStreamObserver<StatementResult>) answers).setOnCancelHandler(
                                    () -> cancelledAtTheServer.complete(null));
                            for (int i = 0; i < request.getSqlsCount(); i++) {
                                answers.onNext(StatementResult.newBuilder().setStatement(i).build());
                            }
                            if (ends) {
                                answers.onCompleted();
                            }
                        })).build();
        server = NettyServerBuilder.forPort(0).addService(executor).build().start();
        channel = NettyChannelBuilder.forAddress("localhost", server.getPort()).usePlaintext().build();
    }

    @AfterEach
    void stop() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, SECONDS);
        server.shutdownNow().awaitTermination(5, SECONDS);
    }

    @Test
    void eachResultIsHandedOnInOrderBeforeReadReturns() {
        List<Integer> handed = new CopyOnWriteArrayList<>();
        StreamedResults.read(ExecutorServiceGrpc.newStub(channel), THREE, result -> handed.add(result.getStatement()));
        assertThat(handed).containsExactly(0, 1, 2);
    }

    @Test
    void whatTheResultsThrowEndsTheReadAndCancelsTheCall() throws Exception {
        ends = false;
        IllegalStateException full = new IllegalStateException("no room for another result");
        Throwable thrown = catchThrowable(() -> StreamedResults.read(ExecutorServiceGrpc.newStub(channel), THREE, result -> {
                    throw full;
                }));
        assertThat(thrown).isSameAs(full);
        cancelledAtTheServer.get(10, SECONDS);
    }

    @Test
    void anInterruptedReaderCancelsTheCallThrowsCancelledAndKeepsItsInterrupt() throws Exception {
        ends = false;
        CountDownLatch firstResult = new CountDownLatch(1);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            thrown.set(catchThrowable(() -> StreamedResults.read(ExecutorServiceGrpc.newStub(channel), THREE,
                    result -> firstResult.countDown())));
            stillInterrupted.set(Thread.currentThread().isInterrupted());
        });
        reader.start();
        assertThat(firstResult.await(10, SECONDS)).as("the open call's results arrived").isTrue();

        reader.interrupt();
        reader.join(SECONDS.toMillis(10));

        assertThat(reader.isAlive()).as("read returned").isFalse();
        assertThat(thrown.get()).isInstanceOfSatisfying(StatusRuntimeException.class, cancelled -> {
            assertThat(cancelled.getStatus().getCode()).isEqualTo(Status.Code.CANCELLED);
            assertThat(cancelled.getStatus().getDescription()).isEqualTo("interrupted while reading executor-svc's results");
        });
        assertThat(stillInterrupted.get()).isTrue();
        cancelledAtTheServer.get(10, SECONDS);
    }
}

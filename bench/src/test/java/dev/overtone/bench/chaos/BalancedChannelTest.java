package dev.overtone.bench.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.InterpretResponse;
import dev.overtone.proto.v1.InterpreterServiceGrpc;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;

/** The bench's channel over real interpreter replicas: each call to the next replica in turn, through the given interceptors. */
class BalancedChannelTest {
    private final List<Server> servers = new ArrayList<>();
    private ManagedChannel channel;

    @AfterEach
    void stop() throws InterruptedException {
        channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        for (Server s : servers) {
            s.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void callsAreSpreadOverEveryReplicaInTurnAndPassTheInterceptors() throws Exception {
        AtomicInteger first = new AtomicInteger();
        AtomicInteger second = new AtomicInteger();
        AtomicInteger intercepted = new AtomicInteger();
        ClientInterceptor counting = new ClientInterceptor() {
            @Override
            public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
                intercepted.incrementAndGet();
                return next.newCall(method, options);
            }
        };
        channel = BalancedChannel.over(List.of(replica(first), replica(second)), counting);
        var stub = InterpreterServiceGrpc.newBlockingStub(channel).withWaitForReady();

        // until both replicas are connected, round robin has only the first one ready to pick
        Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> {
            stub.withDeadlineAfter(10, TimeUnit.SECONDS).interpret(InterpretRequest.getDefaultInstance());
            return first.get() > 0 && second.get() > 0;
        });
        first.set(0);
        second.set(0);
        intercepted.set(0);

        for (int i = 0; i < 10; i++) {
            stub.withDeadlineAfter(10, TimeUnit.SECONDS).interpret(InterpretRequest.getDefaultInstance());
        }

        assertThat(first).hasValue(5);
        assertThat(second).hasValue(5);
        assertThat(intercepted).hasValue(10);
    }

    private InetSocketAddress replica(AtomicInteger calls) throws IOException {
        ServerServiceDefinition interpreter = ServerServiceDefinition.builder(InterpreterServiceGrpc.SERVICE_NAME)
                .addMethod(InterpreterServiceGrpc.getInterpretMethod(), ServerCalls.asyncUnaryCall((InterpretRequest request,
                        StreamObserver<InterpretResponse> out) -> {
                    calls.incrementAndGet();
                    out.onNext(InterpretResponse.getDefaultInstance());
                    out.onCompleted();
                })).build();
        Server server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create()).addService(interpreter).build().start();
        servers.add(server);
        return new InetSocketAddress("localhost", server.getPort());
    }
}

package dev.overtone.executor.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.BoolValue;
import com.google.protobuf.StringValue;
import io.grpc.CallOptions;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.ServerCalls;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Over a real gRPC server and channel (the service built by hand, outside CDI): only a call carrying this process's
 * own mark may name a reserved tenant; every other caller, one guessing the header included, may name only the others.
 */
class InternalCallsTest {
    private static final MethodDescriptor<StringValue, BoolValue> ASK = MethodDescriptor.<StringValue, BoolValue>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("test.Tenants/MayName")
            .setRequestMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance()))
            .setResponseMarshaller(ProtoUtils.marshaller(BoolValue.getDefaultInstance())).build();
    private static final String RESERVED = "overtone-warm-up";

    private Server server;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws IOException {
        ServerServiceDefinition answers = ServerServiceDefinition.builder("test.Tenants")
                .addMethod(ASK, ServerCalls.asyncUnaryCall((request, observer) -> {
                    observer.onNext(BoolValue.of(InternalCalls.mayName(request.getValue())));
                    observer.onCompleted();
                })).build();
        server = NettyServerBuilder.forPort(0).addService(ServerInterceptors.intercept(answers, new InternalCalls()))
                .build().start();
        channel = NettyChannelBuilder.forAddress("localhost", server.getPort()).usePlaintext().build();
    }

    @AfterEach
    void stop() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    private boolean mayName(String tenant, ClientInterceptor... interceptors) {
        return ClientCalls.blockingUnaryCall(ClientInterceptors.intercept(channel, interceptors), ASK,
                CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS), StringValue.of(tenant)).getValue();
    }

    @Test
    void aCallerMayNameEveryTenantButTheReservedOnes() {
        assertThat(mayName("demo")).isTrue();
        assertThat(mayName(RESERVED)).isFalse();
    }

    @Test
    void thisProcesssOwnMarkedCallMayNameAReservedTenant() {
        assertThat(mayName(RESERVED, InternalCalls.mark())).isTrue();
        assertThat(mayName("demo", InternalCalls.mark())).isTrue();
    }

    @Test
    void aCallerSendingTheHeaderWithAnotherValueIsNotInternal() {
        Metadata guessed = new Metadata();
        guessed.put(Metadata.Key.of("overtone-internal-call", Metadata.ASCII_STRING_MARSHALLER), "0".repeat(32));
        assertThat(mayName(RESERVED, MetadataUtils.newAttachHeadersInterceptor(guessed))).isFalse();
    }
}

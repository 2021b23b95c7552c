package dev.overtone.runtime.grpc;

import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Methods of bytes named as the services' RPCs, and services that echo them, for this module's tests on real grpc-java
 * servers and channels.
 */
public final class EchoMethods {
    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };
    public static final MethodDescriptor<byte[], byte[]> EXECUTE = method("overtone.v1.ExecutorService", "Execute");
    public static final MethodDescriptor<byte[], byte[]> START = method("overtone.v1.ClarifyService", "Start");
    public static final MethodDescriptor<byte[], byte[]> ANALYZE = method("overtone.v1.ParserService", "Analyze");

    private EchoMethods() {
    }

    /** Echoes the request, after failing the first {@code failFirst} calls with UNAVAILABLE. */
    public static Server serve(int port, MethodDescriptor<byte[], byte[]> method, AtomicInteger attempts, int failFirst)
            throws IOException {
        return NettyServerBuilder.forAddress(new InetSocketAddress("localhost", port)).addService(echo(method, attempts, failFirst))
                .build().start();
    }

    /** A service that echoes the request of {@code method}, after failing the first {@code failFirst} calls with UNAVAILABLE. */
    public static ServerServiceDefinition echo(MethodDescriptor<byte[], byte[]> method, AtomicInteger attempts, int failFirst) {
        return echo(method, attempts, failFirst, Status.UNAVAILABLE.withDescription("going away"));
    }

    /** The same, failing the first {@code failFirst} calls with {@code failure}. */
    public static ServerServiceDefinition echo(MethodDescriptor<byte[], byte[]> method, AtomicInteger attempts, int failFirst, Status failure) {
        return echo(method, attempts, failFirst, failure.asRuntimeException());
    }

    /** The same, failing the first {@code failFirst} calls with {@code failure} (its status and trailers). */
    public static ServerServiceDefinition echo(MethodDescriptor<byte[], byte[]> method, AtomicInteger attempts, int failFirst,
            StatusRuntimeException failure) {
        return ServerServiceDefinition.builder(method.getServiceName())
                .addMethod(method, ServerCalls.asyncUnaryCall((request, observer) -> {
                    if (attempts.incrementAndGet() <= failFirst) {
                        observer.onError(failure);
                        return;
                    }
                    observer.onNext(request);
                    observer.onCompleted();
                })).build();
    }

    public static MethodDescriptor<byte[], byte[]> method(String service, String name) {
        return MethodDescriptor.<byte[], byte[]>newBuilder().setType(MethodDescriptor.MethodType.UNARY)
                .setFullMethodName(MethodDescriptor.generateFullMethodName(service, name))
                .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();
    }
}

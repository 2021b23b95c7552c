package dev.overtone.runtime.metrics;

import io.grpc.BindableService;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** A gRPC service whose calls stay open until the test lets them go, so that a held call can be seen in the metrics. */
@GrpcService
public class HeldCalls implements BindableService {

    static final MethodDescriptor<byte[], byte[]> HOLD = MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY)
            .setFullMethodName(MethodDescriptor.generateFullMethodName("overtone.test.Held", "Hold"))
            .setRequestMarshaller(Bytes.INSTANCE).setResponseMarshaller(Bytes.INSTANCE).build();

    private final List<StreamObserver<byte[]>> held = new ArrayList<>();

    @Override
    public ServerServiceDefinition bindService() {
        return ServerServiceDefinition.builder(HOLD.getServiceName())
                .addMethod(HOLD, ServerCalls.asyncUnaryCall((request, observer) -> {
                    synchronized (held) {
                        held.add(observer);
                    }
                })).build();
    }

    /** Answers every call held so far. */
    void releaseAll() {
        List<StreamObserver<byte[]>> answering;
        synchronized (held) {
            answering = List.copyOf(held);
            held.clear();
        }
        answering.forEach(observer -> {
            observer.onNext(new byte[] {1});
            observer.onCompleted();
        });
    }

    private enum Bytes implements MethodDescriptor.Marshaller<byte[]> {
        INSTANCE;

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
    }
}

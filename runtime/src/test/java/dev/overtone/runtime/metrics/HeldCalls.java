package dev.overtone.runtime.metrics;

import dev.overtone.runtime.grpc.EchoMethods;
import io.grpc.BindableService;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import io.quarkus.grpc.GrpcService;

import java.util.ArrayList;
import java.util.List;

/** A gRPC service whose calls stay open until the test lets them go, so that a held call can be seen in the metrics. */
@GrpcService
public class HeldCalls implements BindableService {

    static final MethodDescriptor<byte[], byte[]> HOLD = EchoMethods.method("overtone.test.Held", "Hold");

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
}

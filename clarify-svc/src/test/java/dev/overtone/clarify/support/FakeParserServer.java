package dev.overtone.clarify.support;

import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.ParserServiceGrpc;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import java.io.IOException;

/**
 * parser-svc's Analyze ({@link FakeSqlAnalysis}) as a plain grpc-java Netty server on a free port.
 * The service is bound by hand rather than by subclassing ParserServiceImplBase: in a @QuarkusTest the
 * test classes are part of the application, and quarkus-grpc would take such a subclass for one of
 * the application's own services.
 */
public final class FakeParserServer {

    private FakeParserServer() {
    }

    public static Server start() throws IOException {
        ServerServiceDefinition parser = ServerServiceDefinition.builder(ParserServiceGrpc.SERVICE_NAME)
                .addMethod(ParserServiceGrpc.getAnalyzeMethod(), ServerCalls.asyncUnaryCall(
                        (AnalyzeRequest request, io.grpc.stub.StreamObserver<AnalyzeResponse> out) -> {
                            try {
                                out.onNext(FakeSqlAnalysis.analyze(request.getSql()));
                                out.onCompleted();
                            } catch (StatusRuntimeException e) {
                                out.onError(e);
                            }
                        }))
                .build();
        return NettyServerBuilder.forPort(0).addService(parser).build().start();
    }
}

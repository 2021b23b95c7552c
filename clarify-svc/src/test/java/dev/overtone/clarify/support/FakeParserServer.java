package dev.overtone.clarify.support;

import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.ParserServiceGrpc;
import io.grpc.Server;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;

/** parser-svc's Analyze ({@link FakeSqlAnalysis}) as a plain grpc-java Netty server on a free port. */
public final class FakeParserServer {

    private FakeParserServer() {
    }

    public static Server start() throws IOException {
        return NettyServerBuilder.forPort(0).addService(new ParserServiceGrpc.ParserServiceImplBase() {
            @Override
            public void analyze(AnalyzeRequest request, StreamObserver<AnalyzeResponse> out) {
                try {
                    out.onNext(FakeSqlAnalysis.analyze(request.getSql()));
                    out.onCompleted();
                } catch (StatusRuntimeException e) {
                    out.onError(e);
                }
            }
        }).build().start();
    }
}

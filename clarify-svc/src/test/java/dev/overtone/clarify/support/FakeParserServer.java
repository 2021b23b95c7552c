package dev.overtone.clarify.support;

import dev.overtone.proto.v1.AnalyzeRequest;
import dev.overtone.proto.v1.AnalyzeResponse;
import dev.overtone.proto.v1.ParserServiceGrpc;
import dev.overtone.runtime.testing.RecordedExchanges;
import dev.overtone.runtime.testing.ReplayedAnswers;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.io.IOException;

/**
 * parser-svc's Analyze as a plain grpc-java Netty server on a free port, answering with what the real parser-svc
 * answered to the same request: the recordings in runtime's test-jar ({@code contracts/parser-svc}), which
 * parser-svc's {@code RecordedAnswersTest} checks against the service (runtime/README.md, "Recorded answers"), so
 * clarify-svc's tests see the slot paths the real analyzer writes. A request with no recording fails with INTERNAL
 * naming how to record it, and {@link #assertEveryCallRecorded()} fails the test on it.
 * The service is bound by hand rather than by subclassing ParserServiceImplBase: in a @QuarkusTest the
 * test classes are part of the application, and quarkus-grpc would take such a subclass for one of
 * the application's own services.
 */
public final class FakeParserServer {
    private static final RecordedExchanges RECORDED = RecordedExchanges.load("parser-svc", ParserServiceGrpc.getServiceDescriptor());
    private static final ReplayedAnswers REPLAY = new ReplayedAnswers(RECORDED, "clarify-svc");

    private FakeParserServer() {
    }

    public static Server start() throws IOException {
        ServerServiceDefinition parser = ServerServiceDefinition.builder(ParserServiceGrpc.SERVICE_NAME)
                .addMethod(ParserServiceGrpc.getAnalyzeMethod(), ServerCalls.asyncUnaryCall(
                        (AnalyzeRequest request, StreamObserver<AnalyzeResponse> out) -> REPLAY.<AnalyzeResponse>answer("Analyze", request)
                                .subscribe().with(answer -> {
                                    out.onNext(answer);
                                    out.onCompleted();
                                }, out::onError)))
                .build();
        return NettyServerBuilder.forPort(0).addService(parser).build().start();
    }

    /** The real parser-svc's recorded analysis of {@code sql}, as clarify-svc's own Analyze call would get it. */
    public static AnalyzeResponse analysis(String sql) {
        return REPLAY.<AnalyzeResponse>answer("Analyze", AnalyzeRequest.newBuilder().setSql(sql).build()).await().indefinitely();
    }

    /** For a test's @AfterEach: every Analyze this JVM's fake answered had a recording. */
    public static void assertEveryCallRecorded() {
        REPLAY.assertEveryCallRecorded();
    }
}

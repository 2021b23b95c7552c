package dev.overtone.interpreter.service;

import dev.overtone.interpreter.client.ServedDownstreams;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.proto.v1.StatementResult;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.ParseResponse;
import dev.overtone.proto.v1.ParserServiceGrpc;
import dev.overtone.proto.v1.VerbalizeRequest;
import dev.overtone.runtime.grpc.DownstreamFailure;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The stages' calls over real gRPC: parser-svc's failures are values, the others' thrown, each worded by its service. */
class DownstreamCallsTest {
    private final List<ParseRequest> parsed = new CopyOnWriteArrayList<>();
    private final AtomicInteger executed = new AtomicInteger();
    private ServedDownstreams served;

    @AfterEach
    void stop() throws InterruptedException {
        served.close();
    }

    @Test
    void aParserAnswerIsAValueAndItsFailureTooNamingParserSvc() throws Exception {
        DownstreamCalls calls = calls(parser());

        Called<String> ok = calls.parse(ParseRequest.newBuilder().setInterpretation("the hotels").build(), 5_000);
        assertThat(ok.ok()).isTrue();
        assertThat(ok.value()).isEqualTo("SELECT name FROM hotels");
        assertThat(parsed).extracting(ParseRequest::getInterpretation).containsExactly("the hotels");

        Called<String> refused = calls.parse(ParseRequest.newBuilder().setInterpretation("bad").build(), 5_000);
        assertThat(refused.ok()).isFalse();
        assertThat(refused.failure().service()).isEqualTo("parser-svc");
        assertThat(refused.failure().code()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(refused.failure().getMessage()).isEqualTo("no table of that name");
        assertThat(refused.failure().aboutTheReading()).isTrue();
    }

    @Test
    void aMethodParserSvcDoesNotServeIsAnOutageNotTheReadingsFault() throws Exception {
        Called<String> words = calls(parser()).verbalize(VerbalizeRequest.newBuilder().setSql("SELECT 1").build(), 5_000);

        assertThat(words.ok()).isFalse();
        assertThat(words.failure().code()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(words.failure().getMessage()).contains("parser-svc", "does not implement Verbalize");
        assertThat(words.failure().aboutTheReading()).isFalse();
    }

    @Test
    void aSpentBudgetMakesNoCall() throws Exception {
        Called<String> late = calls(parser()).parse(ParseRequest.newBuilder().setInterpretation("the hotels").build(), 0);

        assertThat(late.failure().code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(late.failure().getMessage()).isEqualTo("parser-svc Parse was not called: the request's time budget is spent");
        assertThat(parsed).isEmpty();
    }

    @Test
    void anExecutorFailureIsThrownNamingExecutorSvcAndTheCallsDeadline() throws Exception {
        ServerServiceDefinition silent = ServerServiceDefinition.builder(ExecutorServiceGrpc.SERVICE_NAME)
                .addMethod(ExecutorServiceGrpc.getStreamExecuteBatchMethod(),
                        ServerCalls.asyncServerStreamingCall((request, out) -> executed.incrementAndGet()))
                .build();
        DownstreamCalls calls = calls(silent);

        assertThatThrownBy(() -> calls.executeBatch(ExecuteBatchRequest.newBuilder().addSqls("SELECT 1").build(), 300, result -> { }))
                .isInstanceOfSatisfying(DownstreamFailure.class, f -> {
                    assertThat(f.service()).isEqualTo("executor-svc");
                    assertThat(f.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
                    assertThat(f.getMessage()).contains("did not answer StreamExecuteBatch within 300 ms");
                });
        assertThat(executed).hasValue(1);
    }

    @Test
    void aStreamWhoseResultsAreNotReadToTheEndIsCancelledAtTheExecutor() throws Exception {
        CountDownLatch cancelled = new CountDownLatch(1);
        ServerServiceDefinition endless = ServerServiceDefinition.builder(ExecutorServiceGrpc.SERVICE_NAME)
                .addMethod(ExecutorServiceGrpc.getStreamExecuteBatchMethod(), ServerCalls.asyncServerStreamingCall((request, out) -> {
                    ((ServerCallStreamObserver<StatementResult>) out).setOnCancelHandler(cancelled::countDown);
                    out.onNext(StatementResult.newBuilder().setStatement(0).build()); // and never completes
                }))
                .build();
        DownstreamCalls calls = calls(endless);

        assertThatThrownBy(() -> calls.executeBatch(ExecuteBatchRequest.newBuilder().addSqls("SELECT 1").addSqls("SELECT 2").build(),
                60_000, result -> {
                    throw new IllegalStateException("the stage stopped reading");
                })).hasMessage("the stage stopped reading");
        assertThat(cancelled.await(10, TimeUnit.SECONDS)).as("the executor saw the call cancelled").isTrue();
    }

    @Test
    void anExecutorWithoutTheStreamIsAskedByExecuteBatchAndEachResultKeepsItsPosition() throws Exception {
        ServerServiceDefinition older = ServerServiceDefinition.builder(ExecutorServiceGrpc.SERVICE_NAME)
                .addMethod(ExecutorServiceGrpc.getExecuteBatchMethod(), ServerCalls.asyncUnaryCall((request, out) -> {
                    executed.incrementAndGet();
                    ExecuteBatchResponse.Builder answer = ExecuteBatchResponse.newBuilder();
                    request.getSqlsList().forEach(sql -> answer.addResults(ExecuteResult.newBuilder()
                            .setResult(ExecuteResponse.newBuilder().setFingerprint(sql))));
                    out.onNext(answer.build());
                    out.onCompleted();
                }))
                .build();
        List<StatementResult> results = new ArrayList<>();

        calls(older).executeBatch(ExecuteBatchRequest.newBuilder().addSqls("SELECT 1").addSqls("SELECT 2").build(), 5_000, results::add);

        assertThat(results).extracting(r -> r.getStatement() + " " + r.getResult().getResult().getFingerprint())
                .containsExactly("0 SELECT 1", "1 SELECT 2");
        assertThat(executed).hasValue(1);
    }

    private ServerServiceDefinition parser() {
        return ServerServiceDefinition.builder(ParserServiceGrpc.SERVICE_NAME)
                .addMethod(ParserServiceGrpc.getParseMethod(), ServerCalls.asyncUnaryCall((request, out) -> {
                    parsed.add(request);
                    if (request.getInterpretation().equals("bad")) {
                        out.onError(Status.INVALID_ARGUMENT.withDescription("no table of that name").asRuntimeException());
                        return;
                    }
                    out.onNext(ParseResponse.newBuilder().setSql("SELECT name FROM hotels").build());
                    out.onCompleted();
                })).build();
    }

    private DownstreamCalls calls(ServerServiceDefinition service) throws Exception {
        served = ServedDownstreams.serving(service);
        DownstreamCalls calls = new DownstreamCalls();
        calls.downstreams = served.downstreams();
        return calls;
    }
}

package dev.overtone.interpreter.recovery;

import dev.overtone.interpreter.fake.Hotels;
import dev.overtone.interpreter.grpc.AgainstFakes;
import dev.overtone.proto.v1.CallerDefault;
import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.proto.v1.StatementResult;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.InterpretOptions;
import dev.overtone.proto.v1.InterpretRequest;
import dev.overtone.proto.v1.Outcome;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * executor-svc stopped, then started again: UNAVAILABLE naming it, then answers again with no
 * interpreter restart. executor-svc here is a plain grpc-java server the test stops and starts.
 */
@QuarkusTest
@TestProfile(ExecutorRestartProfile.class)
class ExecutorRestartTest extends AgainstFakes {

    @ConfigProperty(name = "quarkus.grpc.clients.executor.port")
    int executorPort;

    private Server executor;

    @AfterEach
    void stop() throws InterruptedException {
        if (executor != null) {
            executor.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private void startExecutor() throws IOException {
        // A service definition built from the method descriptors, not an ExecutorServiceImplBase subclass:
        // Quarkus indexes test classes, and a second implementation of the service kept the app from
        // registering its own fake executor.
        ServerServiceDefinition definition = ServerServiceDefinition.builder(ExecutorServiceGrpc.SERVICE_NAME)
                .addMethod(ExecutorServiceGrpc.getDescribeMethod(), ServerCalls.asyncUnaryCall(
                        (DescribeRequest request, StreamObserver<DescribeResponse> out) -> {
                            out.onNext(DescribeResponse.newBuilder().setSchema(Hotels.schema("demo", "hotels")).build());
                            out.onCompleted();
                        }))
                .addMethod(ExecutorServiceGrpc.getExecuteMethod(), ServerCalls.asyncUnaryCall(
                        (ExecuteRequest request, StreamObserver<ExecuteResponse> out) -> {
                            out.onNext(Hotels.execute(request.getSql()));
                            out.onCompleted();
                        }))
                .addMethod(ExecutorServiceGrpc.getStreamExecuteBatchMethod(), ServerCalls.asyncServerStreamingCall(
                        (ExecuteBatchRequest request, StreamObserver<StatementResult> out) -> {
                            for (int i = 0; i < request.getSqlsCount(); i++) {
                                out.onNext(StatementResult.newBuilder().setStatement(i)
                                        .setResult(ExecuteResult.newBuilder().setResult(Hotels.execute(request.getSqls(i)))).build());
                            }
                            out.onCompleted();
                        }))
                .build();
        executor = NettyServerBuilder.forPort(executorPort).addService(definition).build().start();
    }

    @Test
    void downIsUnavailableWithinTheDeadlineAndBackIsAnsweredAgain() throws Exception {
        InterpretRequest request = InterpretRequest.newBuilder().setTenant("demo").setDatabase("hotels")
                .setQuestion("return the rating of each hotel").addDefaults(CallerDefault.newBuilder().setSql(Hotels.STARS))
                .setOptions(InterpretOptions.newBuilder().setInfill(false)).build();

        startExecutor();
        assertThat(interpreter.withDeadlineAfter(15, TimeUnit.SECONDS).interpret(request).getOutcome())
                .isEqualTo(Outcome.OUTCOME_ANSWERABLE);

        executor.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        assertThatThrownBy(() -> interpreter.withDeadlineAfter(3, TimeUnit.SECONDS).interpret(request))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
                    assertThat(e.getStatus().getDescription())
                            .startsWith("executor-svc is unavailable at localhost:" + executorPort);
                });

        startExecutor();
        // the very first call after the restart is answered: the channel's backoff is skipped
        assertThat(interpreter.withDeadlineAfter(15, TimeUnit.SECONDS).interpret(request).getOutcome())
                .isEqualTo(Outcome.OUTCOME_ANSWERABLE);
    }
}

package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteFailure;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.proto.v1.StatusCode;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorService;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

/** executor-svc as the interpreter tests need it: tenant demo, database hotels, a few known statements. */
@GrpcService
public class FakeExecutor implements ExecutorService {
    @Override
    public Uni<DescribeResponse> describe(DescribeRequest request) {
        Scenario.describeCalls.incrementAndGet();
        if (Scenario.executorFailure != null) {
            return Uni.createFrom().failure(Scenario.executorFailure.asRuntimeException());
        }
        if (!request.getTenant().equals("demo") || !request.getDatabase().equals("hotels")) {
            return Uni.createFrom().failure(Status.NOT_FOUND
                    .withDescription("unknown tenant database " + request.getTenant() + "/" + request.getDatabase()).asRuntimeException());
        }
        return Uni.createFrom().item(DescribeResponse.newBuilder().setSchema(Hotels.schema("demo", "hotels")).build());
    }

    @Override
    public Uni<ExecuteResponse> execute(ExecuteRequest request) {
        if (Scenario.executorFailure != null) {
            return Uni.createFrom().failure(Scenario.executorFailure.asRuntimeException());
        }
        ExecuteResponse result = Hotels.execute(request.getSql());
        if (result == null) {
            return Uni.createFrom().failure(Status.INVALID_ARGUMENT.withDescription("no such column: rating").asRuntimeException());
        }
        if (Scenario.executeDelayMs > 0) {
            io.grpc.Context.current().addListener(context -> Scenario.executesCancelled.incrementAndGet(), Runnable::run);
            Scenario.executesStarted.incrementAndGet();
            return Uni.createFrom().item(result).onItem().delayIt().by(java.time.Duration.ofMillis(Scenario.executeDelayMs));
        }
        return Uni.createFrom().item(result);
    }

    /** Each statement as {@link #execute} answers it; the delay and cancellation count once per call. */
    @Override
    public Uni<ExecuteBatchResponse> executeBatch(ExecuteBatchRequest request) {
        Scenario.executeBatches.add(request.getSqlsList());
        if (Scenario.executorFailure != null) {
            return Uni.createFrom().failure(Scenario.executorFailure.asRuntimeException());
        }
        ExecuteBatchResponse.Builder response = ExecuteBatchResponse.newBuilder();
        for (String sql : request.getSqlsList()) {
            ExecuteResponse result = Hotels.execute(sql);
            response.addResults(result != null ? ExecuteResult.newBuilder().setResult(result).build()
                    : ExecuteResult.newBuilder().setFailure(ExecuteFailure.newBuilder()
                            .setCode(StatusCode.STATUS_CODE_INVALID_ARGUMENT).setMessage("no such column: rating")).build());
        }
        if (Scenario.executeDelayMs > 0) {
            io.grpc.Context.current().addListener(context -> Scenario.executesCancelled.incrementAndGet(), Runnable::run);
            Scenario.executesStarted.incrementAndGet();
            return Uni.createFrom().item(response.build()).onItem().delayIt().by(java.time.Duration.ofMillis(Scenario.executeDelayMs));
        }
        return Uni.createFrom().item(response.build());
    }
}

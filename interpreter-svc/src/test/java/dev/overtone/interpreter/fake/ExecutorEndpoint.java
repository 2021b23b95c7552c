package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecutorService;
import dev.overtone.proto.v1.StatementResult;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

/** executor-svc as the test app serves it: each call goes to the running test's {@link FakeExecutor}. */
@GrpcService
public class ExecutorEndpoint implements ExecutorService {
    @Override
    public Uni<DescribeResponse> describe(DescribeRequest request) {
        return Fakes.installed().executor().describe(request);
    }

    @Override
    public Uni<ExecuteResponse> execute(ExecuteRequest request) {
        return Fakes.installed().executor().execute(request);
    }

    /** Not sent: interpreter-svc asks by ExecuteBatch only an executor-svc that lacks StreamExecuteBatch. */
    @Override
    public Uni<ExecuteBatchResponse> executeBatch(ExecuteBatchRequest request) {
        return Uni.createFrom().failure(Status.UNIMPLEMENTED.withDescription("this fake serves StreamExecuteBatch").asRuntimeException());
    }

    @Override
    public Multi<StatementResult> streamExecuteBatch(ExecuteBatchRequest request) {
        return Fakes.installed().executor().streamExecuteBatch(request);
    }
}

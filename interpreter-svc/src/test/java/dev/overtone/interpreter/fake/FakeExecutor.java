package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteFailure;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.proto.v1.StatusCode;
import io.grpc.Status;
import io.smallrye.mutiny.Uni;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** executor-svc for one interpreter test: tenant demo, database hotels, a few known statements. */
public final class FakeExecutor {
    private volatile Status failure;
    private final Slowness slowness = new Slowness();
    private final AtomicInteger describes = new AtomicInteger();
    private final List<List<String>> batches = new CopyOnWriteArrayList<>();

    /** Every call fails with this status (a test's injected outage). */
    public FakeExecutor failWith(Status status) {
        this.failure = status;
        return this;
    }

    /** Every Execute and ExecuteBatch takes this long. */
    public FakeExecutor slow(Duration delay) {
        slowness.set(delay);
        return this;
    }

    public Slowness slowness() {
        return slowness;
    }

    public int describeCalls() {
        return describes.get();
    }

    /** The statements of every ExecuteBatch call, in order. */
    public List<List<String>> batches() {
        return batches;
    }

    Uni<DescribeResponse> describe(DescribeRequest request) {
        describes.incrementAndGet();
        if (failure != null) {
            return Uni.createFrom().failure(failure.asRuntimeException());
        }
        if (!request.getTenant().equals("demo") || !request.getDatabase().equals("hotels")) {
            return Uni.createFrom().failure(Status.NOT_FOUND
                    .withDescription("unknown tenant database " + request.getTenant() + "/" + request.getDatabase()).asRuntimeException());
        }
        return Uni.createFrom().item(DescribeResponse.newBuilder().setSchema(Hotels.schema("demo", "hotels")).build());
    }

    Uni<ExecuteResponse> execute(ExecuteRequest request) {
        if (failure != null) {
            return Uni.createFrom().failure(failure.asRuntimeException());
        }
        ExecuteResponse result = Hotels.execute(request.getSql());
        if (result == null) {
            return Uni.createFrom().failure(Status.INVALID_ARGUMENT.withDescription("no such column: rating").asRuntimeException());
        }
        return slowness.answer(result);
    }

    /** Each statement as {@link #execute} answers it; the delay and cancellation count once per call. */
    Uni<ExecuteBatchResponse> executeBatch(ExecuteBatchRequest request) {
        batches.add(request.getSqlsList());
        if (failure != null) {
            return Uni.createFrom().failure(failure.asRuntimeException());
        }
        ExecuteBatchResponse.Builder response = ExecuteBatchResponse.newBuilder();
        for (String sql : request.getSqlsList()) {
            ExecuteResponse result = Hotels.execute(sql);
            response.addResults(result != null ? ExecuteResult.newBuilder().setResult(result).build()
                    : ExecuteResult.newBuilder().setFailure(ExecuteFailure.newBuilder()
                            .setCode(StatusCode.STATUS_CODE_INVALID_ARGUMENT).setMessage("no such column: rating")).build());
        }
        return slowness.answer(response.build());
    }
}

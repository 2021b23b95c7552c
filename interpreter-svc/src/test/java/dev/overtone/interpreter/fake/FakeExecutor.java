package dev.overtone.interpreter.fake;

import dev.overtone.proto.v1.DescribeRequest;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.StatementResult;
import dev.overtone.proto.v1.ExecuteRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.runtime.testing.ReplayedAnswers;
import io.grpc.Status;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * executor-svc for one interpreter test. It answers with what the real executor-svc answered on the sample tenants
 * (samples/*.sql): the recordings in runtime's test-jar ({@code contracts/executor-svc}), which executor-svc's
 * {@code RecordedAnswersTest} checks against the service (runtime/README.md, "Recorded answers"). A StreamExecuteBatch is
 * answered statement by statement, each from the recording of a one-statement ExecuteBatch (the executor runs each
 * statement of a batch exactly as alone), so a recording does not depend on how the interpreter groups its statements;
 * a statement is looked up without its limits' {@code timeout_ms}, which the interpreter derives from the time left of
 * its budget. A request with no recording fails with INTERNAL naming how to record it. Hand-written, each said where:
 * the outage and slowness a test injects, the wide results of {@link #wideResults()}, and the requests kept.
 */
public final class FakeExecutor extends SlowFakeDownstream<FakeExecutor> {
    private final ReplayedAnswers replay = new ReplayedAnswers(Hotels.EXECUTOR, "interpreter-svc");
    private volatile boolean wide;
    private final AtomicInteger describes = new AtomicInteger();
    private final List<List<String>> batches = new CopyOnWriteArrayList<>();

    /**
     * Hand-written: a statement {@link Hotels#WIDE_PREFIX} + edition is answered with {@link Hotels#WIDE_ROWS} rows of
     * about {@link Hotels#WIDE_CELL} characters. No sample tenant has a result that wide; it is a test of message sizes.
     */
    public FakeExecutor wideResults() {
        this.wide = true;
        return this;
    }

    public int describeCalls() {
        return describes.get();
    }

    /** The statements of every StreamExecuteBatch call, in order. */
    public List<List<String>> batches() {
        return batches;
    }

    ReplayedAnswers replay() {
        return replay;
    }

    Uni<DescribeResponse> describe(DescribeRequest request) {
        describes.incrementAndGet();
        return outage.or(() -> replay.answer("Describe", request));
    }

    /** The interpreter sends StreamExecuteBatch only; an Execute is answered as a one-statement batch's result would be. */
    Uni<ExecuteResponse> execute(ExecuteRequest request) {
        ExecuteBatchRequest alone = ExecuteBatchRequest.newBuilder().setTenant(request.getTenant()).setDatabase(request.getDatabase())
                .addSqls(request.getSql()).setLimits(request.getLimits()).build();
        return statement(alone, request.getSql()).flatMap(r -> r.hasResult() ? slowness.answer(r.getResult())
                : Uni.createFrom().failure(Status.fromCodeValue(r.getFailure().getCode().getNumber())
                        .withDescription(r.getFailure().getMessage()).asRuntimeException()));
    }

    /**
     * Each statement as its one-statement recording answers it, all sent once the batch's delay is over (the delay and
     * cancellation count once per call); executor-svc's {@code ExecuteBatchTest} shows that the stream answers each
     * statement as a batch does.
     */
    Multi<StatementResult> streamExecuteBatch(ExecuteBatchRequest request) {
        batches.add(request.getSqlsList());
        return outage.or(() -> Uni.join().all(request.getSqlsList().stream().map(sql -> statement(request, sql)).toList())
                .andFailFast()
                .flatMap(slowness::answer)).onItem().transformToMulti(results -> Multi.createFrom().range(0, results.size())
                        .map(i -> StatementResult.newBuilder().setStatement(i).setResult(results.get(i)).build()));
    }

    private Uni<ExecuteResult> statement(ExecuteBatchRequest batch, String sql) {
        return outage.or(() -> recordedOrWide(batch, sql));
    }

    private Uni<ExecuteResult> recordedOrWide(ExecuteBatchRequest batch, String sql) {
        if (wide && sql.startsWith(Hotels.WIDE_PREFIX)) {
            return Uni.createFrom().item(ExecuteResult.newBuilder().setResult(Hotels.wide(sql.substring(Hotels.WIDE_PREFIX.length()))).build());
        }
        return replay.<ExecuteBatchResponse>answer("ExecuteBatch", Hotels.alone(batch, sql)).map(r -> r.getResults(0));
    }
}

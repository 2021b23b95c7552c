package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.interpreter.client.Downstreams;
import dev.overtone.proto.v1.AnalyzeBatchRequest;
import dev.overtone.proto.v1.AnalyzeBatchResponse;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.proto.v1.ExecutorServiceGrpc;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceStub;
import dev.overtone.proto.v1.InfillRequest;
import dev.overtone.proto.v1.InfillResponse;
import dev.overtone.proto.v1.ParseRequest;
import dev.overtone.proto.v1.RecallRequest;
import dev.overtone.proto.v1.RecallResponse;
import dev.overtone.proto.v1.ClarifyServiceGrpc;
import dev.overtone.proto.v1.MemoryScope;
import dev.overtone.proto.v1.MemoryScopes;
import dev.overtone.proto.v1.WatchMemoryRequest;
import dev.overtone.proto.v1.RemembersRequest;
import dev.overtone.proto.v1.StartRequest;
import dev.overtone.proto.v1.StatementResult;
import dev.overtone.proto.v1.Turn;
import dev.overtone.proto.v1.VerbalizeRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** The stages' downstream calls over gRPC, through {@link Downstreams}: what the pipeline's narrow interfaces stand for. */
@ApplicationScoped
public class DownstreamCalls implements StageCalls {
    @Inject
    Downstreams downstreams;

    @Override
    public Called<String> parse(ParseRequest request, long timeoutMs) {
        return parser("Parse", timeoutMs, () -> downstreams.parserStub(timeoutMs).parse(request).getSql());
    }

    @Override
    public Called<AnalyzeBatchResponse> analyzeBatch(AnalyzeBatchRequest request, long timeoutMs) {
        return parser("AnalyzeBatch", timeoutMs, () -> downstreams.parserStub(timeoutMs).analyzeBatch(request));
    }

    @Override
    public Called<String> verbalize(VerbalizeRequest request, long timeoutMs) {
        return parser("Verbalize", timeoutMs, () -> downstreams.parserStub(timeoutMs).verbalize(request).getText());
    }

    @Override
    public void executeBatch(ExecuteBatchRequest request, long callTimeoutMs, Consumer<StatementResult> results) {
        downstreams.executor().call("StreamExecuteBatch", callTimeoutMs, () -> {
            ExecutorServiceStub executor = downstreams.executorAsyncStub(callTimeoutMs);
            try {
                StreamedResults.read(executor, request, results);
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.UNIMPLEMENTED) {
                    throw e;
                }
                batchAnswer(ExecutorServiceGrpc.newBlockingStub(executor.getChannel()).withDeadline(executor.getCallOptions().getDeadline()),
                        request, results);
            }
            return null;
        });
    }

    /**
     * A replica older than StreamExecuteBatch answers UNIMPLEMENTED before any result, as during a rolling deploy that
     * updates executor-svc after this service; it is asked by ExecuteBatch, within the same deadline.
     */
    private static void batchAnswer(ExecutorServiceBlockingStub executor, ExecuteBatchRequest request, Consumer<StatementResult> results) {
        List<ExecuteResult> all = executor.executeBatch(request).getResultsList();
        for (int i = 0; i < all.size(); i++) {
            results.accept(StatementResult.newBuilder().setStatement(i).setResult(all.get(i)).build());
        }
    }

    @Override
    public DownstreamFailure failure(String rpc, long timeoutMs, Status status) {
        return downstreams.executor().failure(rpc, timeoutMs, status);
    }

    @Override
    public InfillResponse infill(InfillRequest request, long timeoutMs) {
        return downstreams.infill().call("Infill", timeoutMs, () -> downstreams.infillStub(timeoutMs).infill(request));
    }

    @Override
    public Turn start(StartRequest request, long timeoutMs) {
        return downstreams.clarify().call("Start", timeoutMs, () -> downstreams.clarifyStub(timeoutMs).start(request));
    }

    @Override
    public RecallResponse recall(RecallRequest request, long timeoutMs) {
        return downstreams.clarify().call("Recall", timeoutMs, () -> downstreams.clarifyStub(timeoutMs).recall(request));
    }

    @Override
    public List<Boolean> remembers(List<MemoryProbes.Scope> scopes, long timeoutMs) {
        RemembersRequest request = RemembersRequest.newBuilder()
                .addAllScopes(scopes.stream().map(s -> MemoryScope.newBuilder().setTenant(s.tenant()).setDatabase(s.database()).build()).toList())
                .build();
        return downstreams.clarify().call("Remembers", timeoutMs, () -> downstreams.clarifyStub(timeoutMs).remembers(request)).getRememberedList();
    }

    /** A stream without a deadline: clarify-svc ends it after its max age, or the watch cancels it. */
    @Override
    public Iterator<MemoryScopes> watchMemory() {
        return ClarifyServiceGrpc.newBlockingStub(downstreams.clarifyChannel()).watchMemory(WatchMemoryRequest.getDefaultInstance());
    }

    /** One parser-svc call: its answer, or the DownstreamFailure that ended it. */
    private <T> Called<T> parser(String rpc, long timeoutMs, Supplier<T> invocation) {
        try {
            return Called.answered(downstreams.parser().call(rpc, timeoutMs, invocation));
        } catch (DownstreamFailure f) {
            return Called.failed(f);
        }
    }
}

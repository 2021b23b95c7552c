package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.runtime.memory.HeldBytes;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.proto.v1.Limits;
import dev.overtone.proto.v1.Stage;
import io.grpc.Status;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The execute stage's calls: a stage's SQLs through executor-svc's StreamExecuteBatch, each statement once. */
public record BatchedExecution(ExecutorCalls executor, Lanes lanes, BatchedExecution.Settings settings) {

    private static final Status NO_RESULT = Status.INTERNAL.withDescription("executor-svc gave no result for this statement");

    /** The limits asked of executor-svc and how the calls are cut: statements per batch, batches' statements run at once. */
    public record Settings(int maxBatch, int concurrency, int maxRows, long maxBytes, Duration cap) {
    }

    /**
     * The routes to execute on a tenant's database, and the results this call already has, by {@link Route#sqlKey()}
     * (a statement is run once per Interpret); each new result takes its size from the call's {@code held}.
     */
    public record Input(String tenant, String database, List<Route> routes, Map<String, ExecuteResponse> known, Budget budget,
                        HeldBytes.Hold held) {
    }

    /**
     * Runs the SQLs of the routes that are not known yet, each once, in StreamExecuteBatch calls of at most
     * {@code maxBatch} statements, and answers every route in order: its result, known or new, or its failure.
     */
    public List<Executed> execute(Input in) {
        List<String> routeKeys = in.routes().stream().map(Route::sqlKey).toList();
        Map<String, String> sqlByKey = new LinkedHashMap<>();
        for (int i = 0; i < in.routes().size(); i++) {
            if (!in.known().containsKey(routeKeys.get(i))) {
                sqlByKey.putIfAbsent(routeKeys.get(i), in.routes().get(i).sql());
            }
        }
        Map<String, ExecuteResponse> results = new HashMap<>(in.known());
        Map<String, DownstreamFailure> failed = new HashMap<>();
        for (Map<String, Called<ExecuteResponse>> batch : lanes.map(Stage.STAGE_EXECUTE,
                chunks(new ArrayList<>(sqlByKey.keySet()), settings.maxBatch()), keys -> executeBatch(in, keys, sqlByKey))) {
            batch.forEach((key, called) -> {
                if (called.ok()) {
                    results.put(key, called.value());
                } else {
                    failed.put(key, called.failure());
                }
            });
        }
        List<Executed> executed = new ArrayList<>(in.routes().size());
        for (int i = 0; i < in.routes().size(); i++) {
            ExecuteResponse result = results.get(routeKeys.get(i));
            executed.add(result != null ? new Executed(in.routes().get(i), result, null)
                    : new Executed(in.routes().get(i), null, failed.get(routeKeys.get(i))));
        }
        return executed;
    }

    /**
     * One StreamExecuteBatch: each statement's result or failure, by key. A result that arrived before the call failed
     * is kept; the statements still without one fail with the call.
     */
    private Map<String, Called<ExecuteResponse>> executeBatch(Input in, List<String> keys, Map<String, String> sqlByKey) {
        long timeout = in.budget().forStage(settings.cap());
        // each statement gets the stage's cap, and the batch as long as its statements take when
        // pipeline.concurrency of them run at once (as separate calls did), within the call's budget
        long rounds = (keys.size() + settings.concurrency() - 1) / settings.concurrency();
        long callTimeout = Math.min(timeout * rounds, in.budget().remainingMs());
        Map<String, Called<ExecuteResponse>> out = new HashMap<>();
        try {
            executor.executeBatch(ExecuteBatchRequest.newBuilder().setTenant(in.tenant())
                    .setDatabase(in.database()).addAllSqls(keys.stream().map(sqlByKey::get).toList())
                    .setLimits(Limits.newBuilder().setTimeoutMs(timeout).setMaxRows(settings.maxRows()).setMaxBytes(settings.maxBytes()))
                    .build(), callTimeout, answer -> {
                        if (answer.getStatement() >= 0 && answer.getStatement() < keys.size()) {
                            out.put(keys.get(answer.getStatement()), called(in, answer.getResult(), timeout));
                        }
                    });
        } catch (DownstreamFailure f) {
            keys.forEach(key -> out.putIfAbsent(key, Called.failed(f)));
        }
        keys.forEach(key -> out.computeIfAbsent(key, missing -> Called.failed(executor.failure("Execute", timeout, NO_RESULT))));
        return out;
    }

    /** A statement's result, when this call's hold can take its size; else its failure, or why the bound refused it. */
    private Called<ExecuteResponse> called(Input in, ExecuteResult result, long timeout) {
        if (result.hasResult() && in.held().take(result.getResult().getSerializedSize())) {
            return Called.answered(result.getResult());
        }
        if (result.hasResult()) {
            return Called.failed(new DownstreamFailure("interpreter-svc", Status.Code.RESOURCE_EXHAUSTED, in.held().refusal()));
        }
        Status status = result.hasFailure()
                ? Status.fromCodeValue(result.getFailure().getCode().getNumber()).withDescription(result.getFailure().getMessage())
                : NO_RESULT;
        return Called.failed(executor.failure("Execute", timeout, status));
    }

    private static <T> List<List<T>> chunks(List<T> items, int size) {
        List<List<T>> chunks = new ArrayList<>();
        for (int from = 0; from < items.size(); from += size) {
            chunks.add(items.subList(from, Math.min(items.size(), from + size)));
        }
        return chunks;
    }
}

package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.Downstream;
import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.interpreter.client.Downstreams;
import dev.overtone.interpreter.config.InterpreterConfig;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.proto.v1.Limits;
import dev.overtone.proto.v1.Stage;
import io.grpc.Status;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The execute stage's calls: a stage's SQLs through executor-svc's ExecuteBatch, each SQL once per Interpret. */
@ApplicationScoped
public class BatchedExecution {
    @Inject
    InterpreterConfig config;
    @Inject
    Downstreams downstreams;
    @Inject
    BoundedParallel parallel;

    /**
     * Runs the SQLs of {@code routes} that this call has not run yet, each once, in ExecuteBatch calls of at
     * most {@code pipeline.max-batch} statements, and answers every route in order from what they gave.
     */
    List<Executed> execute(InterpretationPipeline.Run run, List<Route> routes) {
        List<String> routeKeys = routes.stream().map(Route::sqlKey).toList();
        Map<String, String> sqlByKey = new LinkedHashMap<>();
        for (int i = 0; i < routes.size(); i++) {
            if (!run.executed.containsKey(routeKeys.get(i))) {
                sqlByKey.putIfAbsent(routeKeys.get(i), routes.get(i).sql());
            }
        }
        List<List<String>> batches = chunks(new ArrayList<>(sqlByKey.keySet()), config.pipeline().maxBatch());
        Map<String, DownstreamFailure> failed = new HashMap<>();
        parallel.map(Stage.STAGE_EXECUTE, batches, keys -> executeBatch(run, keys, sqlByKey)).forEach(failed::putAll);
        List<Executed> executed = new ArrayList<>(routes.size());
        for (int i = 0; i < routes.size(); i++) {
            ExecuteResponse result = run.executed.get(routeKeys.get(i));
            executed.add(result != null ? new Executed(routes.get(i), result, null) : new Executed(routes.get(i), null, failed.get(routeKeys.get(i))));
        }
        return executed;
    }

    /** One ExecuteBatch: each statement's result into the call's results; returns the failures (the call's, when it failed), by key. */
    private Map<String, DownstreamFailure> executeBatch(InterpretationPipeline.Run run, List<String> keys, Map<String, String> sqlByKey) {
        long timeout = run.budget.forStage(config.budget().execute());
        // each statement gets the stage's cap, and the batch as long as its statements take when
        // pipeline.concurrency of them run at once (as separate calls did), within the call's budget
        long rounds = (keys.size() + config.pipeline().concurrency() - 1) / config.pipeline().concurrency();
        long callTimeout = Math.min(timeout * rounds, run.budget.remainingMs());
        Downstream executor = downstreams.executor();
        Map<String, DownstreamFailure> failed = new HashMap<>();
        try {
            ExecuteBatchResponse answer = executor.call("ExecuteBatch", callTimeout, () -> downstreams.executorStub(callTimeout)
                    .executeBatch(ExecuteBatchRequest.newBuilder().setTenant(run.request.getTenant())
                            .setDatabase(run.request.getDatabase()).addAllSqls(keys.stream().map(sqlByKey::get).toList())
                            .setLimits(Limits.newBuilder().setTimeoutMs(timeout).setMaxRows(config.pipeline().maxRows())
                                    .setMaxBytes(config.pipeline().maxBytes()))
                            .build()));
            for (int i = 0; i < keys.size(); i++) {
                ExecuteResult result = i < answer.getResultsCount() ? answer.getResults(i) : ExecuteResult.getDefaultInstance();
                if (result.hasResult()) {
                    run.executed.put(keys.get(i), result.getResult());
                } else {
                    Status status = result.hasFailure()
                            ? Status.fromCodeValue(result.getFailure().getCode().getNumber()).withDescription(result.getFailure().getMessage())
                            : Status.INTERNAL.withDescription("executor-svc gave no result for this statement");
                    failed.put(keys.get(i), executor.failure("Execute", timeout, status));
                }
            }
        } catch (DownstreamFailure f) {
            keys.forEach(key -> failed.put(key, f));
        }
        return failed;
    }

    private static <T> List<List<T>> chunks(List<T> items, int size) {
        List<List<T>> chunks = new ArrayList<>();
        for (int from = 0; from < items.size(); from += size) {
            chunks.add(items.subList(from, Math.min(items.size(), from + size)));
        }
        return chunks;
    }
}

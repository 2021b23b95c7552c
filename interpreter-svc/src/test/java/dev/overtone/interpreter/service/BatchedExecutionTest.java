package dev.overtone.interpreter.service;

import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.runtime.memory.HeldBytes;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.Source;
import dev.overtone.proto.v1.StatementResult;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** The execute stage's calls: each statement once, in batches, every route answered in order. */
class BatchedExecutionTest {
    private final StubDownstreams executor = new StubDownstreams();
    private final List<ExecuteBatchRequest> batches = new ArrayList<>();

    @Test
    void eachStatementRunsOnceInBatchesAndEveryRouteGetsItsResult() {
        for (int i = 0; i < 5; i++) {
            executor.database.put("SELECT " + i, List.of("row" + i));
        }
        List<Route> routes = List.of(sql("SELECT 0"), sql("select  0;"), sql("SELECT 1"), sql("SELECT 2"), sql("SELECT 3"), sql("SELECT 4"));
        List<Executed> executed = execution(2).execute(input(routes, Map.of()));
        assertThat(executor.executed).containsExactly("SELECT 0", "SELECT 1", "SELECT 2", "SELECT 3", "SELECT 4");
        assertThat(batches).extracting(ExecuteBatchRequest::getSqlsCount).containsExactly(2, 2, 1);
        assertThat(executed).extracting(e -> e.result().getFingerprint())
                .containsExactly("rows:[row0]", "rows:[row0]", "rows:[row1]", "rows:[row2]", "rows:[row3]", "rows:[row4]");
    }

    @Test
    void aKnownResultIsNotRunAgain() {
        ExecuteResponse known = ExecuteResponse.newBuilder().setFingerprint("known").build();
        List<Executed> executed = execution(16).execute(input(List.of(sql("SELECT  1")), Map.of("select 1", known)));
        assertThat(executor.executed).isEmpty();
        assertThat(executed).singleElement().satisfies(e -> assertThat(e.result()).isSameAs(known));
    }

    @Test
    void aRefusedStatementAndAFailedCallAreTheirRoutesFailures() {
        executor.database.put("SELECT 1", List.of("one"));
        List<Executed> refused = execution(16).execute(input(List.of(sql("SELECT 1"), sql("SELECT nope")), Map.of()));
        assertThat(refused.get(0).failure()).isNull();
        assertThat(refused.get(1).failure().code()).isEqualTo(Status.Code.INVALID_ARGUMENT);

        BatchedExecution down = new BatchedExecution(new StubDownstreams() {
            @Override
            public void executeBatch(ExecuteBatchRequest request, long callTimeoutMs, Consumer<StatementResult> results) {
                throw new DownstreamFailure("executor-svc", Status.Code.UNAVAILABLE, "executor-svc is unavailable");
            }
        }, StubDownstreams.ONE_BY_ONE, settings(16));
        assertThat(down.execute(input(List.of(sql("SELECT 1"), sql("SELECT 2")), Map.of())))
                .allSatisfy(e -> assertThat(e.failure().code()).isEqualTo(Status.Code.UNAVAILABLE));
    }

    @Test
    void aResultThatArrivedBeforeTheStreamFailedIsKeptAndAStatementWithoutOneFails() {
        executor.database.put("SELECT 1", List.of("one"));
        executor.database.put("SELECT 2", List.of("two"));
        executor.database.put("SELECT 3", List.of("three"));
        BatchedExecution broken = new BatchedExecution(new StubDownstreams() {
            @Override
            public void executeBatch(ExecuteBatchRequest request, long callTimeoutMs, Consumer<StatementResult> results) {
                List<StatementResult> answers = new ArrayList<>();
                executor.executeBatch(request, callTimeoutMs, answers::add); // last first: SELECT 3, SELECT 2, SELECT 1
                results.accept(answers.get(0));
                if (request.getSqlsCount() == 3) {
                    throw new DownstreamFailure("executor-svc", Status.Code.UNAVAILABLE, "executor-svc is unavailable");
                }
            }
        }, StubDownstreams.ONE_BY_ONE, settings(3));

        List<Executed> executed = broken.execute(input(List.of(sql("SELECT 1"), sql("SELECT 2"), sql("SELECT 3")), Map.of()));
        assertThat(executed.get(2).result().getFingerprint()).isEqualTo("rows:[three]");
        assertThat(executed.subList(0, 2)).allSatisfy(e -> assertThat(e.failure().code()).isEqualTo(Status.Code.UNAVAILABLE));

        List<Executed> ended = broken.execute(input(List.of(sql("SELECT 1"), sql("SELECT 2")), Map.of()));
        assertThat(ended.get(1).result().getFingerprint()).isEqualTo("rows:[two]");
        assertThat(ended.get(0).failure().code()).isEqualTo(Status.Code.INTERNAL);
        assertThat(ended.get(0).failure().getMessage()).contains("executor-svc gave no result for this statement");
    }

    @Test
    void aResultTheReplicaCannotHoldFailsItsReadingAndTheOthersAreAnswered() {
        executor.database.put("SELECT 1", List.of("x".repeat(60)));
        executor.database.put("SELECT 2", List.of("y".repeat(60)));
        HeldBytes results = new HeldBytes(200, "interpreter-svc", "overtone.interpreter.pipeline.held-bytes", "retry the call");
        try (HeldBytes.Hold held = results.open()) {
            List<Executed> executed = execution(16).execute(new BatchedExecution.Input("demo", "hotels",
                    List.of(sql("SELECT 1"), sql("SELECT 2")), Map.of(), Budget.of(null, Duration.ofSeconds(20), Duration.ZERO), held));

            // the stub gives SELECT 2's result first: it is held, and SELECT 1's finds no room
            assertThat(executed.get(1).failure()).isNull();
            assertThat(executed.get(0).failure().code()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
            assertThat(executed.get(0).failure().getMessage()).contains("interpreter-svc holds", "overtone.interpreter.pipeline.held-bytes");
            assertThat(results.held()).isEqualTo(executed.get(1).result().getSerializedSize());
        }
        assertThat(results.held()).isZero();
    }

    private BatchedExecution execution(int maxBatch) {
        return new BatchedExecution(new StubDownstreams() {
            @Override
            public void executeBatch(ExecuteBatchRequest request, long callTimeoutMs, Consumer<StatementResult> results) {
                batches.add(request);
                executor.executeBatch(request, callTimeoutMs, results);
            }
        }, StubDownstreams.ONE_BY_ONE, settings(maxBatch));
    }

    private static BatchedExecution.Settings settings(int maxBatch) {
        return new BatchedExecution.Settings(maxBatch, 8, 1000, 4_194_304, Duration.ofSeconds(5));
    }

    private static BatchedExecution.Input input(List<Route> routes, Map<String, ExecuteResponse> known) {
        return new BatchedExecution.Input("demo", "hotels", routes, known, Budget.of(null, Duration.ofSeconds(20), Duration.ZERO),
                HeldBytes.Hold.NONE);
    }

    private static Route sql(String sql) {
        return new Route("", sql, Source.SOURCE_CALLER, "");
    }
}

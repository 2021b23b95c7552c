package dev.overtone.executor.grpc;

import static dev.overtone.executor.support.Calls.assertStatus;
import static dev.overtone.executor.support.Calls.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.overtone.executor.support.OnEachEngine;
import dev.overtone.executor.support.Runaway;
import dev.overtone.executor.support.TenantDatabasesResource;
import dev.overtone.proto.v1.ExecuteBatchRequest;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.proto.v1.ExecutorServiceGrpc.ExecutorServiceBlockingStub;
import dev.overtone.proto.v1.Limits;
import dev.overtone.proto.v1.StatementResult;
import dev.overtone.proto.v1.StatusCode;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = TenantDatabasesResource.class, restrictToAnnotatedClass = false)
class ExecuteBatchTest {

    @GrpcClient("executor")
    ExecutorServiceBlockingStub executor;

    @ConfigProperty(name = "overtone.executor.batch.max-statements")
    int maxStatements;

    @OnEachEngine
    void eachStatementIsAnsweredAsExecuteAnswersItInRequestOrder(String database) {
        List<String> sqls = List.of("SELECT name, stars FROM hotels ORDER BY name", "DELETE FROM hotels",
                "SELECT nope FROM hotels", "SELECT count(*) FROM hotels");

        List<ExecuteResult> results = executor.executeBatch(batch(database, sqls)).getResultsList();

        assertThat(results).hasSize(sqls.size());
        ExecuteResponse alone = executor.execute(execute("demo", database, sqls.get(0)));
        assertThat(results.get(0).getResult().toBuilder().clearElapsedMicros().build())
                .isEqualTo(alone.toBuilder().clearElapsedMicros().build());
        for (int i : new int[] {1, 2}) {
            StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
                    () -> executor.execute(execute("demo", database, sqls.get(i))));
            assertThat(results.get(i).hasFailure()).as(sqls.get(i)).isTrue();
            assertThat(results.get(i).getFailure().getCode().getNumber()).isEqualTo(refused.getStatus().getCode().value());
            assertThat(results.get(i).getFailure().getMessage()).isEqualTo(refused.getStatus().getDescription());
        }
        assertThat(results.get(1).getFailure().getCode()).isEqualTo(StatusCode.STATUS_CODE_PERMISSION_DENIED);
        assertThat(results.get(2).getFailure().getCode()).isEqualTo(StatusCode.STATUS_CODE_INVALID_ARGUMENT);
        // the refused DELETE wrote nothing
        assertThat(results.get(3).getResult().getRows(0).getCells(0).getText()).isEqualTo("8");
    }

    @OnEachEngine
    void aRunawayStatementTimesOutAloneAndTheOthersAnswer(String database) {
        List<ExecuteResult> results = executor.executeBatch(batch(database, List.of(Runaway.SQL, "SELECT 1")).toBuilder()
                .setLimits(Limits.newBuilder().setTimeoutMs(1_500)).build()).getResultsList();

        assertThat(results.get(0).getFailure().getCode()).isEqualTo(StatusCode.STATUS_CODE_DEADLINE_EXCEEDED);
        assertThat(results.get(0).getFailure().getMessage()).contains("1500 ms");
        assertThat(results.get(1).getResult().getRowsCount()).isEqualTo(1);
    }

    @Test
    void moreStatementsThanTheBulkheadRunsAtOnceAreAllAnswered() {
        List<String> sqls = Collections.nCopies(maxStatements, "SELECT count(*) FROM hotels");

        List<ExecuteResult> results = executor.executeBatch(batch("hotels", sqls)).getResultsList();

        assertThat(results).hasSize(maxStatements)
                .allSatisfy(r -> assertThat(r.getResult().getRows(0).getCells(0).getText()).isEqualTo("8"));
    }

    @Test
    void aMalformedBatchOrAnUnknownDatabaseFailsTheCall() {
        assertStatus(() -> executor.executeBatch(batch("hotels", List.of())), Status.Code.INVALID_ARGUMENT,
                "sqls is empty");
        assertStatus(() -> executor.executeBatch(batch("hotels", Collections.nCopies(maxStatements + 1, "SELECT 1"))),
                Status.Code.INVALID_ARGUMENT, "overtone.executor.batch.max-statements");
        assertStatus(() -> executor.executeBatch(ExecuteBatchRequest.newBuilder().setTenant("nobody")
                .setDatabase("hotels").addSqls("SELECT 1").build()), Status.Code.NOT_FOUND, "unknown tenant 'nobody'");
        assertStatus(() -> executor.executeBatch(batch("nothing", List.of("SELECT 1"))), Status.Code.NOT_FOUND,
                "no database 'nothing'");
    }

    @OnEachEngine
    void theStreamAnswersEachStatementOnceAsTheBatchDoesAndSaysWhichItIs(String database) {
        List<String> sqls = List.of("SELECT name, stars FROM hotels ORDER BY name", "DELETE FROM hotels",
                "SELECT nope FROM hotels", "SELECT count(*) FROM hotels", "SELECT city FROM hotels");
        List<ExecuteResult> batched = executor.executeBatch(batch(database, sqls)).getResultsList();

        List<StatementResult> streamed = streamed(batch(database, sqls));

        assertThat(streamed).extracting(StatementResult::getStatement).containsExactlyInAnyOrder(0, 1, 2, 3, 4);
        for (StatementResult one : streamed) {
            assertThat(withoutTime(one.getResult())).as(sqls.get(one.getStatement()))
                    .isEqualTo(withoutTime(batched.get(one.getStatement())));
        }
    }

    @Test
    void aMalformedStreamOrAnUnknownDatabaseFailsTheCallBeforeAnyResult() {
        assertStatus(() -> streamed(batch("hotels", List.of())), Status.Code.INVALID_ARGUMENT, "sqls is empty");
        assertStatus(() -> streamed(batch("hotels", Collections.nCopies(maxStatements + 1, "SELECT 1"))),
                Status.Code.INVALID_ARGUMENT, "overtone.executor.batch.max-statements");
        for (String tenant : List.of("nobody", "overtone-warm-up")) {
            assertStatus(() -> streamed(ExecuteBatchRequest.newBuilder().setTenant(tenant).setDatabase("hotels").addSqls("SELECT 1")
                    .build()), Status.Code.NOT_FOUND, "unknown tenant '" + tenant + "'");
        }
        assertStatus(() -> streamed(batch("nothing", List.of("SELECT 1"))), Status.Code.NOT_FOUND, "no database 'nothing'");
    }

    private List<StatementResult> streamed(ExecuteBatchRequest request) {
        List<StatementResult> results = new ArrayList<>();
        executor.streamExecuteBatch(request).forEachRemaining(results::add);
        return results;
    }

    private static ExecuteResult withoutTime(ExecuteResult result) {
        return result.hasResult() ? result.toBuilder().setResult(result.getResult().toBuilder().clearElapsedMicros()).build() : result;
    }

    private static ExecuteBatchRequest batch(String database, List<String> sqls) {
        return ExecuteBatchRequest.newBuilder().setTenant("demo").setDatabase(database).addAllSqls(sqls).build();
    }
}

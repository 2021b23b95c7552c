package dev.overtone.executor.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.mapping.ExecutorMapping;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.StatementBatch;
import dev.overtone.proto.v1.ExecuteFailure;
import dev.overtone.proto.v1.StatusCode;
import dev.overtone.runtime.grpc.StatusTable;
import dev.overtone.runtime.testing.StatusAnswer;
import io.grpc.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

/** executor-svc's table: the sandbox's refusals keep their code, the unforeseen is INTERNAL, in a call or in a batch's result. */
class ExecutorStatusesTest {
    private final StatusTable table = ExecutorStatuses.table();

    @Test
    void aRefusalKeepsItsCodeAndNamesItsRule() {
        assertThat(StatusAnswer.of(table, SandboxException.denied("read-only", "INSERT writes")))
                .isEqualTo(new StatusAnswer(Status.Code.PERMISSION_DENIED, "refused by rule read-only: INSERT writes"));
    }

    @Test
    void aStatementOfABatchThatFailedIsAnsweredInItsResultAsExecuteWouldBe() {
        List<StatementBatch.Outcome> outcomes = List.of(
                new StatementBatch.Outcome(null, SandboxException.notFound("no database 'hotelz' for tenant 'demo'")),
                new StatementBatch.Outcome(null, new IllegalStateException("pool closed")));

        List<ExecuteFailure> failures = outcomes.stream()
                .map(outcome -> ExecutorMapping.result(new StatementBatch.Finished(0, outcome), table).getResult().getFailure()).toList();

        assertThat(failures).extracting(ExecuteFailure::getCode)
                .containsExactly(StatusCode.STATUS_CODE_NOT_FOUND, StatusCode.STATUS_CODE_INTERNAL);
        assertThat(failures).extracting(ExecuteFailure::getMessage)
                .containsExactly("no database 'hotelz' for tenant 'demo'", "executor-svc failed unexpectedly; see its log");
    }
}

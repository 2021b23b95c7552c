package dev.overtone.executor.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.executor.repository.QueryResult;
import dev.overtone.executor.repository.Truncation;
import dev.overtone.executor.service.ExecutionOutcome;
import dev.overtone.executor.service.Fingerprint;
import dev.overtone.executor.service.RequestedLimits;
import dev.overtone.executor.service.SandboxException;
import dev.overtone.executor.service.StatementBatch;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.Limits;
import dev.overtone.proto.v1.ResultColumn;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.StatementResult;
import dev.overtone.proto.v1.StatusCode;
import dev.overtone.proto.v1.TruncationCause;
import dev.overtone.runtime.grpc.StatusTable;
import io.grpc.Deadline;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The executor's proto messages in and out: limits only where set, results with their fingerprints, batch failures. */
class ExecutorMappingTest {
    private static final List<Row> ROWS = List.of(Row.newBuilder().addCells(Cell.newBuilder().setText("Rome")).build());

    private static ExecutionOutcome outcome(List<Row> rows, Set<Truncation> truncatedBy, boolean ordered) {
        QueryResult result = new QueryResult(List.of(ResultColumn.newBuilder().setName("city").build()), rows, truncatedBy, 42);
        return new ExecutionOutcome(result, Fingerprint.of(rows, ordered), ordered);
    }

    @Test
    void onlyTheLimitsTheCallerSetAreRequestedEvenWhenZero() {
        RequestedLimits limits = ExecutorMapping.limits(Limits.newBuilder().setMaxRows(0).setTimeoutMs(250).build(), null);
        assertThat(limits.maxRows()).isEqualTo(OptionalInt.of(0));
        assertThat(limits.timeoutMillis()).isEqualTo(OptionalLong.of(250));
        assertThat(limits.maxBytes()).isEmpty();
        assertThat(limits.maxColumns()).isEmpty();
        assertThat(limits.deadlineRemainingMillis()).as("no deadline on the call").isEmpty();
    }

    @Test
    void theCallsDeadlineIsWhatRemainsOfIt() {
        RequestedLimits limits = ExecutorMapping.limits(Limits.getDefaultInstance(), Deadline.after(30, TimeUnit.SECONDS));
        assertThat(limits.deadlineRemainingMillis().getAsLong()).isBetween(1L, 30_000L);
    }

    @Test
    void aResultCarriesItsRowsCutsFingerprintsAndOrder() {
        ExecutionOutcome outcome = outcome(ROWS, Set.of(Truncation.MAX_ROWS), true);
        ExecuteResponse response = ExecutorMapping.response(outcome);
        assertThat(response.getColumns(0).getName()).isEqualTo("city");
        assertThat(response.getRowsList()).isEqualTo(ROWS);
        assertThat(response.getTruncated()).isTrue();
        assertThat(response.getTruncatedByList()).containsExactly(TruncationCause.TRUNCATION_CAUSE_MAX_ROWS);
        assertThat(response.getElapsedMicros()).isEqualTo(42);
        assertThat(response.getFingerprint()).isEqualTo(outcome.fingerprint().value());
        assertThat(response.getCellMultisetFingerprint()).isEqualTo(outcome.fingerprint().cellMultiset());
        assertThat(response.getRowSequenceFingerprint()).isEqualTo(outcome.fingerprint().rowSequence());
        assertThat(response.getOrdered()).isTrue();
        assertThat(response.getEmpty()).isFalse();
    }

    @Test
    void aResultWithoutRowsIsEmptyAndNotTruncated() {
        ExecuteResponse response = ExecutorMapping.response(outcome(List.of(), Set.of(), false));
        assertThat(response.getEmpty()).isTrue();
        assertThat(response.getTruncated()).isFalse();
        assertThat(response.getOrdered()).isFalse();
    }

    @Test
    void aBatchAnswersEachStatementInRequestOrderWhateverOrderTheyFinishedInAndAFailureAsExecutesStatus() {
        StatusTable statuses = StatusTable.of("executor-svc").build();
        List<StatementResult> finished = List.of(
                ExecutorMapping.result(new StatementBatch.Finished(2,
                        new StatementBatch.Outcome(null, new IllegalStateException("a bug's words"))), statuses),
                ExecutorMapping.result(new StatementBatch.Finished(0, new StatementBatch.Outcome(outcome(ROWS, Set.of(), false), null)), statuses),
                ExecutorMapping.result(new StatementBatch.Finished(1,
                        new StatementBatch.Outcome(null, SandboxException.denied("read-only", "only SELECT may run"))), statuses));
        assertThat(finished).extracting(StatementResult::getStatement).containsExactly(2, 0, 1);

        ExecuteBatchResponse response = ExecutorMapping.inRequestOrder(finished);
        assertThat(response.getResultsCount()).isEqualTo(3);
        assertThat(response.getResults(0).getResult().getRowsList()).isEqualTo(ROWS);
        assertThat(response.getResults(1).getFailure().getCode()).isEqualTo(StatusCode.STATUS_CODE_PERMISSION_DENIED);
        assertThat(response.getResults(1).getFailure().getMessage()).isEqualTo("refused by rule read-only: only SELECT may run");
        assertThat(response.getResults(2).getFailure().getCode()).isEqualTo(StatusCode.STATUS_CODE_INTERNAL);
        assertThat(response.getResults(2).getFailure().getMessage()).doesNotContain("a bug's words");
    }
}

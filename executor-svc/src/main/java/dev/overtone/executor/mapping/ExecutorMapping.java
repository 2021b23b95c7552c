package dev.overtone.executor.mapping;

import dev.overtone.executor.service.ExecutionOutcome;
import dev.overtone.executor.repository.Truncation;
import dev.overtone.executor.service.RequestedLimits;
import dev.overtone.runtime.grpc.StatusTable;
import dev.overtone.executor.service.SchemaCatalog;
import dev.overtone.executor.service.StatementBatch;
import dev.overtone.proto.v1.DescribeResponse;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteFailure;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.proto.v1.StatementResult;
import dev.overtone.proto.v1.StatusCode;
import dev.overtone.proto.v1.Limits;
import io.grpc.Deadline;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/** Proto messages in and out of the executor's services. */
public final class ExecutorMapping {
    private ExecutorMapping() {
    }

    public static RequestedLimits limits(Limits limits, Deadline deadline) {
        return new RequestedLimits(
                limits.hasTimeoutMs() ? OptionalLong.of(limits.getTimeoutMs()) : OptionalLong.empty(),
                limits.hasMaxRows() ? OptionalInt.of(limits.getMaxRows()) : OptionalInt.empty(),
                limits.hasMaxBytes() ? OptionalLong.of(limits.getMaxBytes()) : OptionalLong.empty(),
                limits.hasMaxColumns() ? OptionalInt.of(limits.getMaxColumns()) : OptionalInt.empty(),
                deadline == null ? OptionalLong.empty() : OptionalLong.of(deadline.timeRemaining(TimeUnit.MILLISECONDS)));
    }

    public static ExecuteResponse response(ExecutionOutcome outcome) {
        var result = outcome.result();
        return ExecuteResponse.newBuilder()
                .addAllColumns(result.columns())
                .addAllRows(result.rows())
                .setTruncated(result.truncated())
                .addAllTruncatedBy(result.truncatedBy().stream().map(Truncation::proto).toList())
                .setElapsedMicros(result.elapsedMicros())
                .setFingerprint(outcome.fingerprint().value())
                .setCellMultisetFingerprint(outcome.fingerprint().cellMultiset())
                .setRowSequenceFingerprint(outcome.fingerprint().rowSequence())
                .setEmpty(result.rows().isEmpty())
                .setOrdered(outcome.ordered())
                .build();
    }

    /** StreamExecuteBatch's results as ExecuteBatch answers them: in request order. */
    public static ExecuteBatchResponse inRequestOrder(List<StatementResult> results) {
        return ExecuteBatchResponse.newBuilder().addAllResults(results.stream().sorted(Comparator.comparingInt(StatementResult::getStatement))
                .map(StatementResult::getResult).toList()).build();
    }

    /** One statement's result of StreamExecuteBatch; a failure is answered as Execute's status would be ({@code statuses}). */
    public static StatementResult result(StatementBatch.Finished finished, StatusTable statuses) {
        return StatementResult.newBuilder().setStatement(finished.statement()).setResult(result(finished.outcome(), statuses)).build();
    }

    private static ExecuteResult result(StatementBatch.Outcome outcome, StatusTable statuses) {
        if (outcome.failure() == null) {
            return ExecuteResult.newBuilder().setResult(response(outcome.result())).build();
        }
        var status = statuses.status(outcome.failure()).getStatus();
        return ExecuteResult.newBuilder().setFailure(ExecuteFailure.newBuilder()
                .setCode(StatusCode.forNumber(status.getCode().value())).setMessage(status.getDescription())).build();
    }

    public static DescribeResponse response(SchemaCatalog.Described described) {
        return DescribeResponse.newBuilder().setSchema(described.schema()).setCached(described.cached()).build();
    }
}

package dev.overtone.interpreter.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.Properties;

import com.google.protobuf.CodedOutputStream;
import dev.overtone.proto.v1.Cell;
import dev.overtone.proto.v1.ExecuteBatchResponse;
import dev.overtone.proto.v1.ExecuteResponse;
import dev.overtone.proto.v1.ExecuteResult;
import dev.overtone.proto.v1.Row;
import dev.overtone.proto.v1.ValueType;
import org.junit.jupiter.api.Test;

/**
 * The largest ExecuteBatch answer the pipeline can ask for fits the executor client's inbound message size: a full
 * batch, each result at the row limit, executor-svc's default column limit and the byte limit, its text spread over
 * every cell so that the framing is as large as it can be. The stage reads StreamExecuteBatch, one result a message;
 * it sends ExecuteBatch only to an executor-svc without the stream (a rolling deploy), and that answer must fit too.
 */
class ExecutorAnswerSizeTest {
    /** executor-svc's overtone.executor.limits.default-max-columns; the pipeline asks for no other. */
    private static final int EXECUTOR_DEFAULT_MAX_COLUMNS = 200;

    @Test
    void theLargestBatchAnswerFitsTheInboundMessageSize() throws Exception {
        Properties properties = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
            properties.load(in);
        }
        int batch = Integer.parseInt(properties.getProperty("overtone.interpreter.pipeline.max-batch"));
        int rows = Integer.parseInt(properties.getProperty("overtone.interpreter.pipeline.max-rows"));
        long bytes = Long.parseLong(properties.getProperty("overtone.interpreter.pipeline.max-bytes"));
        long inbound = Long.parseLong(properties.getProperty("quarkus.grpc.clients.executor.max-inbound-message-size"));

        long cells = (long) rows * EXECUTOR_DEFAULT_MAX_COLUMNS;
        ExecuteResponse.Builder result = ExecuteResponse.newBuilder().setTruncated(true);
        long textLeft = bytes;
        for (int r = 0; r < rows; r++) {
            Row.Builder row = Row.newBuilder();
            for (int c = 0; c < EXECUTOR_DEFAULT_MAX_COLUMNS; c++) {
                int text = (int) Math.min(textLeft, (bytes + cells - 1) / cells);
                textLeft -= text;
                row.addCells(Cell.newBuilder().setType(ValueType.VALUE_TYPE_TEXT).setText("x".repeat(text)));
            }
            result.addRows(row);
        }
        ExecuteResult one = ExecuteResult.newBuilder().setResult(result).build();
        long answer = (long) batch * CodedOutputStream.computeMessageSize(ExecuteBatchResponse.RESULTS_FIELD_NUMBER, one);

        assertThat(textLeft).isZero();
        assertThat(answer).as("%d results of %d rows of %d cells holding %d bytes of text", batch, rows,
                EXECUTOR_DEFAULT_MAX_COLUMNS, bytes).isLessThanOrEqualTo(inbound);
    }
}

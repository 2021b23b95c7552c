package dev.overtone.interpreter.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.service.CallCancelled;
import dev.overtone.proto.v1.Stage;
import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.runtime.grpc.StatusTable;
import dev.overtone.runtime.testing.StatusAnswer;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** interpreter-svc's table: a cancelled call, a downstream's failure, the unforeseen. */
class InterpreterStatusesTest {
    private final StatusTable table = InterpreterStatuses.table();

    @Test
    void aCallItsCallerCancelledIsCancelledSayingWhereThePipelineStopped() {
        Status status = table.status(new CallCancelled(Stage.STAGE_EXECUTE)).getStatus();
        assertThat(status.getCode()).isEqualTo(Status.Code.CANCELLED);
        assertThat(status.getDescription()).startsWith("the caller cancelled the call; the pipeline stopped at stage ");
    }

    @Test
    void aDownstreamFailureKeepsTheCodeAndTheWordsItWasGiven() {
        var failure = new DownstreamFailure("executor-svc", Status.Code.DEADLINE_EXCEEDED,
                "executor-svc did not answer Describe within 800 ms (localhost:8094): deadline exceeded");
        assertThat(StatusAnswer.of(table, failure)).isEqualTo(StatusAnswer.keeping(Status.Code.DEADLINE_EXCEEDED, failure));
    }

    @Test
    void anUnforeseenFailureIsInternalNamingTheServiceAndNothingOfItsInsides() {
        assertThat(StatusAnswer.of(table, new IllegalStateException("index 3 out of bounds for length 3")))
                .isEqualTo(new StatusAnswer(Status.Code.INTERNAL, "interpreter-svc failed unexpectedly; see its log"));
    }
}

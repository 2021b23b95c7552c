package dev.overtone.interpreter.grpc;

import static dev.overtone.runtime.testing.StatusAnswer.kept;
import static dev.overtone.runtime.testing.StatusAnswer.unforeseen;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.interpreter.service.CallCancelled;
import dev.overtone.proto.v1.Stage;
import dev.overtone.runtime.grpc.DownstreamFailure;
import dev.overtone.runtime.testing.StatusTableCases;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** interpreter-svc's table: a cancelled call, a downstream's failure, the unforeseen. */
class InterpreterStatusesTest extends StatusTableCases {

    InterpreterStatusesTest() {
        super(InterpreterStatuses.table(),
                kept("a downstream failure keeps the code and the words it was given", Status.Code.DEADLINE_EXCEEDED,
                        new DownstreamFailure("executor-svc", Status.Code.DEADLINE_EXCEEDED,
                                "executor-svc did not answer Describe within 800 ms (localhost:8094): deadline exceeded")),
                unforeseen("an unforeseen failure is INTERNAL naming the service and nothing of its insides", "interpreter-svc",
                        new IllegalStateException("index 3 out of bounds for length 3")));
    }

    @Test
    void aCallItsCallerCancelledIsCancelledSayingWhereThePipelineStopped() {
        Status status = table.status(new CallCancelled(Stage.STAGE_EXECUTE)).getStatus();
        assertThat(status.getCode()).isEqualTo(Status.Code.CANCELLED);
        assertThat(status.getDescription()).startsWith("the caller cancelled the call; the pipeline stopped at stage ");
    }
}

package dev.overtone.infill.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overtone.runtime.grpc.StatusTable;
import dev.overtone.runtime.testing.StatusAnswer;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** infill-svc's table: a request that cannot mean anything, the unforeseen. */
class InfillStatusesTest {
    private final StatusTable table = InfillStatuses.table();

    @Test
    void aRequestThatCannotMeanAnythingIsInvalidArgumentSayingWhatToSend() {
        var failure = new IllegalArgumentException("question is empty: infill needs the question the readings answer");
        assertThat(StatusAnswer.of(table, failure)).isEqualTo(StatusAnswer.keeping(Status.Code.INVALID_ARGUMENT, failure));
    }

    @Test
    void anUnforeseenFailureIsInternalWithoutItsClassName() {
        assertThat(StatusAnswer.of(table, new ArrayIndexOutOfBoundsException(2)))
                .isEqualTo(new StatusAnswer(Status.Code.INTERNAL, "infill-svc failed unexpectedly; see its log"));
    }
}

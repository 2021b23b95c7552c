package dev.overtone.infill.grpc;

import static dev.overtone.runtime.testing.StatusAnswer.kept;
import static dev.overtone.runtime.testing.StatusAnswer.unforeseen;

import dev.overtone.runtime.testing.StatusTableCases;
import io.grpc.Status;

/** infill-svc's table: a request that cannot mean anything, the unforeseen. */
class InfillStatusesTest extends StatusTableCases {

    InfillStatusesTest() {
        super(InfillStatuses.table(),
                kept("a request that cannot mean anything is INVALID_ARGUMENT saying what to send", Status.Code.INVALID_ARGUMENT,
                        new IllegalArgumentException("question is empty: infill needs the question the readings answer")),
                unforeseen("an unforeseen failure is INTERNAL without its class name", "infill-svc", new ArrayIndexOutOfBoundsException(2)));
    }
}
